import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/**
 * "The status a person sees is the truth": a link carries how many attempts its enrichment has
 * made, when the next one is due while a retry is scheduled, and why the last one failed, in words. They
 * live on the link (written with its status, in the job's transactions) so that every list reads them
 * with the link, without a join. Links whose job has already made attempts get them from the job.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .alterTable('links')
    .addColumn('enrichment_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('links').addColumn('enrichment_retry_at', time).execute();
  await db.schema.alterTable('links').addColumn('enrichment_error', 'text').execute();

  await sql`UPDATE links SET
      enrichment_attempts = (SELECT j.attempts FROM link_ingest_jobs j WHERE j.link_id = links.id),
      enrichment_retry_at = (SELECT j.scheduled_at FROM link_ingest_jobs j
        WHERE j.link_id = links.id AND j.status = 'queued')
    WHERE EXISTS (SELECT 1 FROM link_ingest_jobs j WHERE j.link_id = links.id AND j.attempts > 0)`.execute(
    db,
  );
}
