import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { PG_SHARDS } from './0003_library_counts.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * PostgreSQL: saves are group-committed (lib/coalescer.ts), so one INSERT brings dozens of links, and
 * 0003's row trigger then wrote the same shard row once per link: a new row version each time, 130 µs a
 * link on the benchmark library. A statement trigger adds each folder's new links once per INSERT, from
 * the statement's transition table. SQLite has no statement triggers; its row trigger stays (a few µs).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`DROP TRIGGER links_count_insert ON links`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION links_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO link_counts (user_id, folder_key, shard, links)
        SELECT user_id, coalesce(folder_id, ''), pg_backend_pid() % ${sql.lit(PG_SHARDS)}, count(*) FROM inserted_links
        GROUP BY user_id, coalesce(folder_id, '')
        ON CONFLICT (user_id, folder_key, shard) DO UPDATE SET links = link_counts.links + excluded.links;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER links_count_insert AFTER INSERT ON links
    REFERENCING NEW TABLE AS inserted_links FOR EACH STATEMENT EXECUTE FUNCTION links_count_insert()`.execute(
    db,
  );
}
