import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { PG_SHARDS } from './0003_library_counts.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Bulk actions on 1,000 links under 500 ms on PostgreSQL (issue "Organise a big library by hand";
 * BENCHMARKS "Organising: bulk actions"). A PostgreSQL update writes a new version of each row, and unless
 * it stays on the row's page and changes no indexed column (a HOT update), an entry in every index of
 * links: 16 of them, the trigram ones included, cost 400-550 ms for 1,000 random links where the row
 * versions alone cost 60.
 * - fillfactor 85: room on each page for new versions, so that tagging and untagging (tags and updated_at,
 *   neither indexed) touch no index. It applies to pages written from now on; a library's existing pages
 *   gain room as their rows are updated and pruned (no rewrite here: that would lock the table at start-up).
 * - the availability and platform indexes keep only the rows their lists look for (broken links, and the
 *   platforms other than generic), so that no other update writes to them. A list of the common values
 *   (?availability=ok, ?platform=generic) reads the newest-first index and skips the few others.
 * - a moved link's folder counts (migration 0003) are kept once per statement, not once per row: a row
 *   trigger wrote the same two count rows 1,000 times in one transaction, each write a new version of the
 *   row that the next had to find. The statement's old and new rows (transition tables) give the moves;
 *   PostgreSQL allows those only without a column list, so it runs for every update of links and finds
 *   no move in the others (a join of the rows the statement updated, on their ids). The guard is the row
 *   trigger's: no decrement of a folder or person being deleted (their count rows are gone).
 * SQLite updates rows in place and plans partial indexes only for literal values: nothing changes there.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`ALTER TABLE links SET (fillfactor = 85)`.execute(db);
  await partialListIndexes(db);
  await sql`DROP TRIGGER links_count_move ON links`.execute(db);
  await sql`DROP FUNCTION links_count_move()`.execute(db);
  await sql`CREATE FUNCTION links_count_moves() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO link_counts (user_id, folder_key, shard, links)
        SELECT user_id, folder_key, pg_backend_pid() % ${sql.raw(String(PG_SHARDS))}, sum(delta) FROM (
          SELECT o.user_id, coalesce(o.folder_id, '') AS folder_key, -1 AS delta
            FROM moved_from o JOIN moved_to n ON n.id = o.id
            WHERE o.folder_id IS DISTINCT FROM n.folder_id
              AND EXISTS (SELECT 1 FROM users WHERE id = o.user_id)
              AND (o.folder_id IS NULL OR EXISTS (SELECT 1 FROM folders WHERE id = o.folder_id))
          UNION ALL
          SELECT n.user_id, coalesce(n.folder_id, ''), 1
            FROM moved_from o JOIN moved_to n ON n.id = o.id
            WHERE o.folder_id IS DISTINCT FROM n.folder_id
        ) AS moves
        GROUP BY user_id, folder_key
        ON CONFLICT (user_id, folder_key, shard) DO UPDATE SET links = link_counts.links + excluded.links;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER links_count_moves AFTER UPDATE ON links
    REFERENCING OLD TABLE AS moved_from NEW TABLE AS moved_to
    FOR EACH STATEMENT EXECUTE FUNCTION links_count_moves()`.execute(db);
}

/** The availability and platform indexes, made to keep only the rows their lists look for (0021 on SQLite). */
export async function partialListIndexes(db: AnyDb): Promise<void> {
  await sql`DROP INDEX links_user_availability_created`.execute(db);
  await sql`CREATE INDEX links_user_broken_created ON links (user_id, created_at DESC, id DESC)
    WHERE availability = 'broken'`.execute(db);
  await sql`DROP INDEX links_user_platform_created`.execute(db);
  await sql`CREATE INDEX links_user_platform_created ON links (user_id, platform, created_at DESC, id DESC)
    WHERE platform <> 'generic'`.execute(db);
}
