import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

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
 * SQLite updates rows in place and plans partial indexes only for literal values: nothing changes there.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`ALTER TABLE links SET (fillfactor = 85)`.execute(db);
  await sql`DROP INDEX links_user_availability_created`.execute(db);
  await sql`CREATE INDEX links_user_broken_created ON links (user_id, created_at DESC, id DESC)
    WHERE availability = 'broken'`.execute(db);
  await sql`DROP INDEX links_user_platform_created`.execute(db);
  await sql`CREATE INDEX links_user_platform_created ON links (user_id, platform, created_at DESC, id DESC)
    WHERE platform <> 'generic'`.execute(db);
}
