import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { startUpkeep } from './sqlite-upkeep.js';

export type Dialect = 'sqlite' | 'postgres';

/** A SQLite function that lower-cases with Unicode rules (SQLite's own lower() and LIKE know only ASCII). */
export const CASEFOLD_FUNCTION = 'lv_casefold';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where it lives, for the few parts that need their own connection (the PostgreSQL event listener). */
  url: string;
  close(): Promise<void>;
}

/**
 * Prepared statements kept per SQLite connection, least recently used out first. The app issues a few
 * dozen distinct query texts; batches (lib/coalescer.ts) add a text per batch size for each of their
 * statements (the saves' folder read, links, jobs and snippets; the token lookup), and IN lists vary in
 * length. Under load the busy texts stay in; the rarer sizes replace one another.
 */
const STATEMENT_CACHE_SIZE = 512;

const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;
const PG_FOREIGN_KEY_VIOLATION = '23503';

/**
 * pg returns timestamptz as Date and int8 (count(*)) as string; normalise both so repositories see the
 * same values as on SQLite: ISO strings and numbers. Scoped to our pool rather than pg's global parsers.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_TIMESTAMPTZ) return (v: string) => new Date(v).toISOString();
    if (oid === PG_INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Whether a database error may pass by itself (the server restarting, a dropped connection, a deadlock, a
 * busy SQLite file): work that failed on one is retried later, not given up (PostgreSQL SQLSTATE classes 08
 * connection, 53 resources, 57P shutdown; 40001 serialization, 40P01 deadlock).
 */
export function isTransientDatabaseError(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return /^SQLITE_(BUSY|LOCKED|IOERR|FULL)/.test(code);
    if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
    return /^(08|53|57P)/.test(code) || code === '40001' || code === '40P01';
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect/.test(message)
  );
}

/** Whether the engine refused a row because a row it refers to is gone (a folder deleted meanwhile, say). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === PG_FOREIGN_KEY_VIOLATION;
}

export function dialectOf(url: string): Dialect {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:")`);
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): Database {
  const dialect = dialectOf(url);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, admin) is dropped from the pool and replaced
    // on next use; without a listener pg would raise it as an uncaught error and stop the process.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, url, close: () => db.destroy() };
  }
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints rather than at every commit. A power loss can then lose the
  // last commits, never corrupt the database (WAL frames are checksummed; recovery stops at the first bad
  // one); a crash of the process alone loses nothing, the commits are already with the OS.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.function(CASEFOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE) }),
  });
  const stopUpkeep = startUpkeep(sqlite);
  const close = async () => {
    await stopUpkeep();
    await db.destroy();
  };
  return { db, dialect, url, close };
}

/**
 * Kysely's SQLite driver prepares every query afresh: 20-30 µs for the page of links, against 0.4-0.5 ms
 * to run it, so a few per cent of a request. Statements are reused by SQL text instead, least recently
 * used first out. Reuse is safe: the driver runs one query at a time on its single connection, and SQLite
 * re-prepares a statement itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, capacity: number): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = statements.get(text) ?? sqlite.prepare(text);
      // Re-inserting moves it to the end: the Map's first key is then the least recently used.
      statements.delete(text);
      statements.set(text, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
