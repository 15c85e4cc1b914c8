import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

/** After fresh saves (0) and imported backlogs (1): what a person waits for goes first. */
const UPKEEP_PRIORITY = 2;

/**
 * Each person's re-fetches are spread this far apart: a library of 10,000 links takes about five and a
 * half hours, and no site sees more than one request every two seconds on one person's behalf.
 */
const SECONDS_APART = 2;

/**
 * Pages kept for links enriched before they were (migration 0011, API.md "Reading, organising and
 * finding"). A job now has a kind: `enrich` does everything a save needs, `content` fetches the page again
 * only to keep it, and never changes the link (its summaries, status and tags stay; a page that is gone
 * leaves it as it was). Every link whose last enrichment found an article (extraction by Readability)
 * and has nothing kept gets a content job, at the lowest priority, newest first, each person's spread
 * over time; people take turns as in every backlog (queue/ingest-queue.ts). Enqueued here, once, because
 * the links in question are exactly those that exist now: a link enriched from here on keeps its page.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('link_ingest_jobs')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('enrich'))
    .execute();
  await enqueueContentBackfill(db, dialect, new Date());
}

/** The backfill's jobs, due from `now`; exported so a test can run it over links it made. */
export async function enqueueContentBackfill(db: AnyDb, dialect: Dialect, now: Date): Promise<void> {
  const start = now.getTime();
  const dueAt =
    dialect === 'postgres'
      ? sql`${now.toISOString()}::timestamptz + make_interval(secs => (due.turn - 1) * ${SECONDS_APART})`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', (${start} + (due.turn - 1) * ${SECONDS_APART * 1000}) / 1000.0, 'unixepoch')`;
  await sql`
    UPDATE link_ingest_jobs
    SET kind = 'content', status = 'queued', priority = ${UPKEEP_PRIORITY}, rank = due.turn,
      scheduled_at = ${dueAt}, attempts = 0, lease_until = NULL, last_error = NULL,
      updated_at = ${now.toISOString()}
    FROM (
      SELECT links.id AS link_id,
        row_number() OVER (PARTITION BY links.user_id ORDER BY links.created_at DESC, links.id DESC) AS turn
      FROM links
      WHERE links.enrichment_status = 'enriched'
        AND links.extraction_method LIKE 'readability%'
        AND NOT EXISTS (SELECT 1 FROM link_contents WHERE link_contents.link_id = links.id)
    ) AS due
    WHERE link_ingest_jobs.link_id = due.link_id AND link_ingest_jobs.status = 'success'`.execute(db);
}
