/**
 * The benchmark library's load path: one connection and one transaction, and rows written the fastest way
 * each engine takes them. PostgreSQL: COPY FROM STDIN (pg-copy-streams) on the very connection the
 * transaction runs on, so the rows, the suspended indexes and the counts rebuilt commit or fail together;
 * about five times the rows a second of multi-row INSERTs, whose parsing and binding of 30,000 parameters
 * cost more than the rows. SQLite: multi-row INSERTs, already as fast as its single writer goes.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Insertable, Kysely, PostgresDialect, type Transaction, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../server/db/database.js';
import type { DB } from '../server/db/schema.js';

/** Bind parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

export type BulkTable =
  'users' | 'folders' | 'links' | 'link_ingest_jobs' | 'link_tags' | 'snippets' | 'link_contents';

/** A value COPY or an INSERT takes: text, a number, bytes (bytea / BLOB) or NULL. */
type Value = string | number | boolean | Uint8Array | null | undefined;

export interface BulkLoad {
  db: Kysely<DB>;
  /** Rows into `table`, all with the columns of the first. */
  insert<T extends BulkTable>(
    trx: Transaction<DB>,
    table: T,
    rows: readonly Insertable<DB[T]>[],
  ): Promise<void>;
  /** Rows given as column values in `columns`' order (a column PostgreSQL casts from text, such as tsvector). */
  insertValues(
    trx: Transaction<DB>,
    table: string,
    columns: readonly string[],
    rows: Value[][],
  ): Promise<void>;
  close(): Promise<void>;
}

export async function openBulkLoad(database: Database): Promise<BulkLoad> {
  return database.dialect === 'postgres' ? copyLoad(database.url) : insertLoad(database.db);
}

/**
 * SQLite's page cache for the load: 1 GB, not the connection's few MB, or each index's B-tree over a
 * million random ids is read back from the file for every slice written into it.
 */
const LOAD_CACHE_KIB = 1024 * 1024;

async function insertLoad(db: Kysely<DB>): Promise<BulkLoad> {
  const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  await sql`PRAGMA cache_size = ${sql.lit(-LOAD_CACHE_KIB)}`.execute(db);
  return {
    db,
    async insert(trx, table, rows) {
      const first = rows[0];
      if (!first) return;
      const perStatement = Math.floor(MAX_PARAMETERS / Object.keys(first).length);
      for (let start = 0; start < rows.length; start += perStatement) {
        await trx
          .insertInto(table)
          .values(rows.slice(start, start + perStatement))
          .execute();
      }
    },
    async insertValues(trx, table, columns, rows) {
      const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
      for (let start = 0; start < rows.length; start += perStatement) {
        const batch = rows.slice(start, start + perStatement);
        const values = batch.map((row) => sql`(${sql.join(row.map((value) => value ?? null))})`);
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
          VALUES ${sql.join(values)}`.execute(trx);
      }
    },
    async close() {
      await sql`PRAGMA cache_size = ${sql.lit(rows[0]?.cache_size ?? -2000)}`.execute(db);
    },
  };
}

/** Kysely on one pg client of its own (the pool's "connect" hands it out each time), and COPY on that client. */
async function copyLoad(url: string): Promise<BulkLoad> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pinned = Object.assign(client, { release: () => undefined });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: { connect: () => Promise.resolve(pinned), end: () => Promise.resolve() },
    }),
  });
  const copy = async (table: string, columns: readonly string[], rows: Iterable<Value[]>) => {
    const target = `${table} (${columns.map((c) => `"${c}"`).join(', ')})`;
    const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
    await pipeline(Readable.from(copyLines(rows)), stream);
  };
  return {
    db,
    async insert(_trx, table, rows) {
      const first = rows[0];
      if (!first) return;
      const columns = Object.keys(first);
      await copy(
        table,
        columns,
        rows.map((row) => columns.map((c) => (row as Record<string, Value>)[c])),
      );
    },
    insertValues: (_trx, table, columns, rows) => copy(table, columns, rows),
    async close() {
      await db.destroy();
      await client.end();
    },
  };
}

/** COPY's text format, a few hundred rows to a chunk. */
function* copyLines(rows: Iterable<Value[]>): Generator<string> {
  let chunk = '';
  let inChunk = 0;
  for (const row of rows) {
    chunk += `${row.map(copyField).join('\t')}\n`;
    if (++inChunk === 256) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk) yield chunk;
}

/** NULL is \N; bytes are bytea's hex form; text has its backslashes and line breaks escaped. */
function copyField(value: Value): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Uint8Array)
    return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c] as string);
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
