import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { partialListIndexes } from './0019_bulk_update_room.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * Bulk deletes of 1,000 links under 500 ms on SQLite (BENCHMARKS "Organising: bulk actions"). SQLite takes
 * a deleted row out of every index of its table there and then, each entry in a leaf page of its own: the
 * WAL took 18,000 pages (72 MB) for 1,000 random links, and the deletes that followed slowed as the
 * checkpoints fell behind. Indexes that keep only the rows they are read for take those pages away:
 * - links' availability and platform indexes keep the broken links and the platforms other than generic,
 *   as PostgreSQL's have since migration 0019 (2,000 pages). SQLite plans the broken links' index for
 *   `availability = ?` bound to 'broken' (it plans again for each value bound), and the platforms' only
 *   where the query states `platform <> 'generic'` itself (links.repository.ts ofPlatform).
 * - the queue reads only jobs waiting or running (queue/ingest-queue.ts), and a link's job stays once done:
 *   its indexes keep those two kinds alone (1,400 pages), on both engines, where a job's every change of
 *   status already moved its entries.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await partialListIndexes(db);
  await sql`DROP INDEX link_ingest_jobs_next`.execute(db);
  await sql`DROP INDEX link_ingest_jobs_user_status`.execute(db);
  await sql`CREATE INDEX link_ingest_jobs_queued ON link_ingest_jobs (priority, rank, scheduled_at)
    WHERE status = 'queued'`.execute(db);
  await sql`CREATE INDEX link_ingest_jobs_user_queued ON link_ingest_jobs (user_id, priority, rank)
    WHERE status = 'queued'`.execute(db);
  await sql`CREATE INDEX link_ingest_jobs_running ON link_ingest_jobs (lease_until)
    WHERE status = 'running'`.execute(db);
}
