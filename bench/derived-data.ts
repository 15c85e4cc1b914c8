/**
 * A bulk load's derived data: the indexes (on PostgreSQL the keys too) and the counts, switched off while
 * rows are loaded and rebuilt once over them (bench/generate.ts, and the query-plan test's million rows).
 */
import { type Transaction, sql } from 'kysely';
import type { Dialect } from '../server/db/database.js';
import { countExistingRows } from '../server/db/migrations/0003_library_counts.js';
import { countExistingTags } from '../server/db/migrations/0030_tag_counts.js';
import type { DB } from '../server/db/schema.js';

/** Runs a part of the work, timing it where the caller keeps times. */
export type Timer = (part: string, run: () => Promise<void>) => Promise<void>;

/**
 * Derived data (the search indexes, and the counts of migrations 0003 and 0030) is built once over the loaded
 * rows rather than row by row: GIN upkeep dominates a PostgreSQL load, and there 100,000 trigger updates
 * of one count row in one transaction leave a chain of row versions that each update walks again.
 * It is all switched off and rebuilt inside the load's transaction, so a failed load leaves the schema
 * exactly as the migrations made it.
 */
export async function withDerivedDataDeferred<T>(
  trx: Transaction<DB>,
  dialect: Dialect,
  load: () => Promise<T>,
  time: Timer = (_part, run) => run(),
): Promise<T> {
  const restore = dialect === 'postgres' ? await suspendOnPostgres(trx) : await suspendOnSqlite(trx);
  const result = await load();
  await time('counts', async () => {
    await sql`DELETE FROM link_counts`.execute(trx);
    await sql`DELETE FROM snippet_counts`.execute(trx);
    await sql`DELETE FROM tag_counts`.execute(trx);
    await countExistingRows(trx);
    await countExistingTags(trx);
  });
  await time('indexes and keys', restore);
  return result;
}

/** The tables a bulk load fills with a row per link (or more). */
const LOADED_TABLES = [
  'links',
  'link_tags',
  'link_ingest_jobs',
  'snippets',
  'link_search_fields',
  'link_contents',
  'link_contents_search',
];

/**
 * Drops the indexes of the loaded tables (GIN ones everywhere), their keys and the foreign keys that
 * touch them, and disables the count-on-insert triggers; returns what puts it all back. One sorted build
 * of each B-tree after the load is many times faster than a million inserts into it: the keys are random
 * UUIDs, so once an index outgrows shared_buffers every row dirties a random page (and, after each
 * checkpoint, writes it whole to the WAL again), and every foreign key is a row trigger that looks the
 * parent up at random. Adding a foreign key back checks every row in one join.
 */
async function suspendOnPostgres(trx: Transaction<DB>): Promise<() => Promise<void>> {
  const { rows: constraints } = await sql<{ table: string; name: string; definition: string }>`
    SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint
    WHERE connamespace = current_schema()::regnamespace AND contype IN ('p', 'u', 'f')
      AND (conrelid::regclass::text IN (${sql.join(LOADED_TABLES)})
        OR (contype = 'f' AND confrelid::regclass::text IN (${sql.join(LOADED_TABLES)})))
    ORDER BY contype = 'f' DESC`.execute(trx);
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = current_schema()
      AND (indexdef LIKE '% USING gin %' OR tablename IN (${sql.join(LOADED_TABLES)}))
      AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = format('%I', indexname)::regclass)`.execute(
    trx,
  );
  const { rows: triggers } = await sql<{ name: string; table: string }>`
    SELECT tgname AS name, tgrelid::regclass::text AS "table" FROM pg_trigger
    WHERE NOT tgisinternal AND tgname ~ '_count_insert$'`.execute(trx);
  // Foreign keys first (they hang on the keys), and back last.
  for (const { table, name } of constraints) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(trx);
  }
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
  // Indexes built in memory-sized runs: the default 64 MB made the million links' GIN indexes spill.
  await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(trx);
  for (const { name, table } of triggers) {
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(name)}`.execute(trx);
  }
  return async () => {
    for (const { name, table } of triggers) {
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(name)}`.execute(trx);
    }
    for (const { table, name, definition } of [...constraints].reverse()) {
      await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(name)} ${sql.raw(definition)}`.execute(
        trx,
      );
    }
    for (const { definition } of indexes) await sql.raw(definition).execute(trx);
  };
}

/**
 * Drops the triggers that feed the FTS5 mirrors (`<table>_fts`, migrations/0001) and the counts on
 * insert; returns what rebuilds the mirrors and puts the triggers back.
 */
async function suspendOnSqlite(trx: Transaction<DB>): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string; definition: string; table: string }>`
    SELECT name, sql AS definition, tbl_name AS "table" FROM sqlite_master
    WHERE type = 'trigger' AND name IN (tbl_name || '_fts_insert', tbl_name || '_count_insert')`.execute(trx);
  for (const { name } of rows) await sql`DROP TRIGGER ${sql.id(name)}`.execute(trx);
  return async () => {
    for (const { table } of rows.filter((r) => r.name.endsWith('_fts_insert'))) {
      const fts = sql.table(`${table}_fts`);
      await sql`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`.execute(trx);
    }
    for (const { definition } of rows) await sql.raw(definition).execute(trx);
  };
}
