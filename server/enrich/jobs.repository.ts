import { type Kysely, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { writeJson } from '../lib/json-column.js';
import type { Enrichment } from './enricher.js';

type Executor = Kysely<DB> | Transaction<DB>;

export interface ClaimedJob {
  id: string;
  linkId: string;
  userId: string;
  attempt: number;
  url: string;
  derivedTitle: boolean;
}

/** link_ingest_jobs (SPEC.md §3): one row per link, reset whenever the link must be enriched again. */
export class JobsRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** SPEC.md §4: status queued, scheduled_at now; written in the caller's transaction with the links. */
  async enqueue(
    executor: Executor,
    links: readonly { id: string; user_id: string }[],
    now: string,
  ): Promise<void> {
    const reset = {
      status: 'queued',
      scheduled_at: now,
      attempts: 0,
      lease_until: null,
      last_error: null,
      updated_at: now,
    };
    await executor
      .insertInto('link_ingest_jobs')
      .values(
        links.map((link) => ({
          id: newId(),
          link_id: link.id,
          user_id: link.user_id,
          created_at: now,
          ...reset,
        })),
      )
      .onConflict((oc) => oc.column('link_id').doUpdateSet(reset))
      .execute();
  }

  /**
   * Takes the oldest due job (queued and scheduled, or running with an expired lease: its worker died)
   * and leases it. On PostgreSQL `FOR UPDATE SKIP LOCKED` lets many workers claim side by side without
   * taking the same row; SQLite runs one writer at a time, so the single UPDATE is already atomic.
   */
  async claim(now: string, leaseUntil: string): Promise<Omit<ClaimedJob, 'url' | 'derivedTitle'> | null> {
    return this.db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('link_ingest_jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('scheduled_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
          ]),
        )
        .orderBy('scheduled_at')
        .limit(1);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      const job = await trx
        .updateTable('link_ingest_jobs')
        .set({ status: 'running', lease_until: leaseUntil, attempts: sql`attempts + 1`, updated_at: now })
        .where('id', '=', due)
        .returning(['id', 'link_id', 'user_id', 'attempts'])
        .executeTakeFirst();
      if (!job) return null;
      await trx
        .updateTable('links')
        .set({ enrichment_status: 'processing' })
        .where('id', '=', job.link_id)
        .execute();
      return { id: job.id, linkId: job.link_id, userId: job.user_id, attempt: Number(job.attempts) };
    });
  }

  /** The user's tags, for reuse by the tagger; bounded so a huge vocabulary cannot slow a job down. */
  async tagsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_tags')
      .select('tag')
      .where('user_id', '=', userId)
      .limit(5000)
      .execute();
    return rows.map((r) => r.tag);
  }

  findLinkUrl(linkId: string) {
    return this.db.selectFrom('links').select(['url', 'title']).where('id', '=', linkId).executeTakeFirst();
  }

  /**
   * Writes the enrichment and the job's success together, only while this worker still holds the job:
   * a job re-queued (URL edited) or re-claimed (lease expired) meanwhile has a newer attempt.
   */
  async succeed(job: ClaimedJob, result: Enrichment, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await this.finishJob(trx, job, { status: 'success', last_error: null }, now);
      if (!done) return false;
      await trx
        .updateTable('links')
        .set({
          ...(job.derivedTitle && result.title ? { title: result.title.slice(0, 500) } : {}),
          summary_short: result.summaryShort,
          summary_long: result.summaryLong,
          key_points: writeJson(result.keyPoints),
          highlights: writeJson(result.highlights),
          tags: writeJson(result.tags),
          og_title: result.ogTitle,
          og_description: result.ogDescription,
          og_image_url: result.ogImageUrl,
          favicon: result.favicon,
          platform: result.platform,
          platform_metadata: writeJson(result.platformMetadata),
          extraction_method: result.extractionMethod,
          last_processed_at: now,
          enrichment_status: 'enriched',
          updated_at: now,
        })
        .where('id', '=', job.linkId)
        .execute();
      if (result.tags.length > 0) {
        await trx
          .insertInto('user_tags')
          .values(result.tags.map((tag) => ({ user_id: job.userId, tag })))
          .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
          .execute();
      }
      return true;
    });
  }

  /** Schedules another attempt at `retryAt`, or gives up (status failed) when `retryAt` is null. */
  async fail(job: ClaimedJob, error: string, retryAt: string | null, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const status = retryAt ? 'queued' : 'failed';
      const done = await this.finishJob(
        trx,
        job,
        { status, last_error: error.slice(0, 1000), ...(retryAt && { scheduled_at: retryAt }) },
        now,
      );
      if (done) {
        await trx
          .updateTable('links')
          .set({ enrichment_status: status, updated_at: now })
          .where('id', '=', job.linkId)
          .execute();
      }
      return done;
    });
  }

  private async finishJob(
    trx: Executor,
    job: ClaimedJob,
    changes: { status: string; last_error: string | null; scheduled_at?: string },
    now: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('link_ingest_jobs')
      .set({ ...changes, lease_until: null, updated_at: now })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
