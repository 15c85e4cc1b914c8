import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Per-user counts for the sidebar, the folder list and /api/stats (SPEC.md §2), kept by triggers, so
 * reading them costs a few rows per folder instead of counting 100,000 links on every call.
 *
 * A count is the sum of its shard rows. On PostgreSQL each connection adds to its own shard (by backend
 * pid): with a single row per folder every concurrent save would queue on that row's lock until the
 * previous save had committed (a third of the throughput in a pgbench of the save transaction).
 * SQLite has one writer at a time and one shard.
 */
export const PG_SHARDS = 16;

/** folder_key of uncategorized links: a key column cannot be NULL. */
const UNCATEGORIZED = "''";

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('link_counts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_key', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('links', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_counts_pk', ['user_id', 'folder_key', 'shard'])
    .execute();
  await db.schema
    .createTable('snippet_counts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('snippets', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('snippet_counts_pk', ['user_id', 'shard'])
    .execute();

  const counter = new CounterSql(dialect === 'postgres' ? `pg_backend_pid() % ${PG_SHARDS}` : '0');
  const triggers: RowTrigger[] = [
    { name: 'links_count_insert', event: 'INSERT', on: 'links', body: [counter.links('new', 1)] },
    { name: 'links_count_delete', event: 'DELETE', on: 'links', body: [counter.links('old', -1)] },
    {
      name: 'links_count_move',
      event: 'UPDATE OF folder_id',
      on: 'links',
      when: 'old.folder_id IS DISTINCT FROM new.folder_id',
      body: [counter.links('old', -1), counter.links('new', 1)],
    },
    { name: 'snippets_count_insert', event: 'INSERT', on: 'snippets', body: [counter.snippets('new', 1)] },
    { name: 'snippets_count_delete', event: 'DELETE', on: 'snippets', body: [counter.snippets('old', -1)] },
    {
      name: 'folders_count_delete',
      event: 'DELETE',
      on: 'folders',
      body: ['DELETE FROM link_counts WHERE user_id = old.user_id AND folder_key = old.id'],
    },
  ];
  for (const trigger of triggers) await createRowTrigger(db, dialect, trigger);

  // Databases made before this migration start from their current rows.
  await countExistingRows(db);
}

/** Fills the (empty) count tables from the rows; bulk loads that bypass the triggers use it too. */
export async function countExistingRows(db: AnyDb): Promise<void> {
  await sql`INSERT INTO link_counts (user_id, folder_key, shard, links)
    SELECT user_id, coalesce(folder_id, ${sql.raw(UNCATEGORIZED)}), 0, count(*) FROM links
    GROUP BY user_id, coalesce(folder_id, ${sql.raw(UNCATEGORIZED)})`.execute(db);
  await sql`INSERT INTO snippet_counts (user_id, shard, snippets)
    SELECT user_id, 0, count(*) FROM snippets GROUP BY user_id`.execute(db);
}

/**
 * The statements the triggers run: add ±1 to the row's count in this connection's shard. (SQLite needs
 * the WHERE to parse ON CONFLICT after a SELECT.) A decrement may come from a cascade, the folder's
 * delete (its links become uncategorized) or the user's: their count rows are gone, or about to go, and
 * must not be written back.
 */
class CounterSql {
  constructor(private readonly shard: string) {}

  links(row: 'new' | 'old', delta: 1 | -1): string {
    const folder = `${row}.folder_id`;
    const guard =
      delta > 0
        ? 'true'
        : `${userExists(row)} AND (${folder} IS NULL OR EXISTS (SELECT 1 FROM folders WHERE id = ${folder}))`;
    return `INSERT INTO link_counts (user_id, folder_key, shard, links)
      SELECT ${row}.user_id, coalesce(${folder}, ${UNCATEGORIZED}), ${this.shard}, ${delta} WHERE ${guard}
      ON CONFLICT (user_id, folder_key, shard) DO UPDATE SET links = link_counts.links + excluded.links`;
  }

  snippets(row: 'new' | 'old', delta: 1 | -1): string {
    const guard = delta > 0 ? 'true' : userExists(row);
    return `INSERT INTO snippet_counts (user_id, shard, snippets)
      SELECT ${row}.user_id, ${this.shard}, ${delta} WHERE ${guard}
      ON CONFLICT (user_id, shard) DO UPDATE SET snippets = snippet_counts.snippets + excluded.snippets`;
  }
}

export const userExists = (row: string) => `EXISTS (SELECT 1 FROM users WHERE id = ${row}.user_id)`;

export interface RowTrigger {
  name: string;
  event: 'INSERT' | 'DELETE' | `UPDATE OF ${string}`;
  on: string;
  when?: string;
  body: string[];
}

/** An AFTER … FOR EACH ROW trigger; PostgreSQL needs its body in a function of the same name. */
export async function createRowTrigger(db: AnyDb, dialect: Dialect, trigger: RowTrigger): Promise<void> {
  const when = trigger.when ? ` WHEN (${trigger.when})` : '';
  const head = `CREATE TRIGGER ${trigger.name} AFTER ${trigger.event} ON ${trigger.on} FOR EACH ROW${when}`;
  const statements = trigger.body.map((s) => `${s};`).join('\n');
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION ${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${statements} RETURN NULL; END $$`,
      )
      .execute(db);
    await sql.raw(`${head} EXECUTE FUNCTION ${trigger.name}()`).execute(db);
  } else {
    await sql.raw(`${head} BEGIN ${statements} END`).execute(db);
  }
}
