import { type Kysely, type SelectQueryBuilder, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { mergeTags } from '../lib/tags.js';
import { rememberTags } from '../library/user-tags.repository.js';
import type { EnrichmentError } from '../../contracts/index.js';
import type { Enrichment } from './enricher.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** DESIGN.md "Jobs": a person's fresh saves go before their imported backlog (lower runs first). */
export const JOB_PRIORITY = { fresh: 0, backlog: 1 } as const;

export interface ClaimedJob {
  id: string;
  linkId: string;
  userId: string;
  attempt: number;
  /** A fresh save (or a re-enrichment asked for), not an imported backlog. */
  fresh: boolean;
  url: string;
  derivedTitle: boolean;
}

/** A job as its claim leases it, with its link's address and title. */
export type LeasedJob = Omit<ClaimedJob, 'derivedTitle'> & { title: string };

/** link_ingest_jobs (SPEC.md §3): one row per link, reset whenever the link must be enriched again. */
export class JobsRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * SPEC.md §4: status queued, scheduled_at now; written in the caller's transaction with the links. These
   * are a person's fresh saves (and re-enrichments they asked for): they go before every backlog, and
   * people's fresh saves take turns like backlogs (below), so one person's thousand saves do not hold up
   * the next person's one (issue 14).
   */
  async enqueue(
    executor: Executor,
    links: readonly { id: string; user_id: string }[],
    now: string,
  ): Promise<void> {
    if (links.length === 0) return;
    const next = await this.rankStarts(
      executor,
      JOB_PRIORITY.fresh,
      links.map((link) => link.user_id),
    );
    await this.insert(executor, links, now, JOB_PRIORITY.fresh, ({ user_id }) => {
      const rank = next.get(user_id) ?? 0;
      next.set(user_id, rank + 1);
      return rank;
    });
  }

  /**
   * Jobs of a backlog (imported links), in the order given, so that a second import of a person's waits
   * behind their first, and 50,000 imported links of one person never delay another's.
   */
  async enqueueBacklog(
    executor: Executor,
    userId: string,
    linkIds: readonly string[],
    now: string,
  ): Promise<void> {
    if (linkIds.length === 0) return;
    const start = (await this.rankStarts(executor, JOB_PRIORITY.backlog, [userId])).get(userId) ?? 0;
    await this.insert(
      executor,
      linkIds.map((id) => ({ id, user_id: userId })),
      now,
      JOB_PRIORITY.backlog,
      (_, i) => start + i,
    );
  }

  /**
   * Where each user's new jobs of a priority are ranked so that users take turns: at the head of everyone's
   * (the lowest rank waiting), or after the end of their own if they already have jobs waiting; each job
   * then takes the next rank. Claiming in rank order serves one job of each user with work in turn
   * (start-time fair queueing).
   */
  private async rankStarts(
    executor: Executor,
    priority: number,
    userIds: readonly string[],
  ): Promise<Map<string, number>> {
    const users = [...new Set(userIds)];
    const waiting = executor
      .selectFrom('link_ingest_jobs')
      .where('status', '=', 'queued')
      .where('priority', '=', priority);
    const [head, ends] = await Promise.all([
      waiting.select((eb) => eb.fn.min<number | null>('rank').as('rank')).executeTakeFirst(),
      waiting
        .where('user_id', 'in', users)
        .select((eb) => ['user_id', eb.fn.max<number>('rank').as('rank')])
        .groupBy('user_id')
        .execute(),
    ]);
    const headRank = Number(head?.rank ?? 0);
    const start = new Map(users.map((user) => [user, headRank]));
    for (const end of ends) start.set(end.user_id, Math.max(headRank, Number(end.rank) + 1));
    return start;
  }

  private async insert(
    executor: Executor,
    links: readonly { id: string; user_id: string }[],
    now: string,
    priority: number,
    rankOf: (link: { id: string; user_id: string }, index: number) => number,
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
        links.map((link, i) => ({
          id: newId(),
          link_id: link.id,
          user_id: link.user_id,
          created_at: now,
          priority,
          rank: rankOf(link, i),
          ...reset,
        })),
      )
      .onConflict((oc) =>
        oc.column('link_id').doUpdateSet((eb) => ({
          ...reset,
          priority: eb.ref('excluded.priority'),
          rank: eb.ref('excluded.rank'),
        })),
      )
      .execute();
  }

  /**
   * Takes the next due job and leases it: first a job whose worker died (running, its lease expired), then
   * the queued jobs in order of priority (fresh saves first) and rank (users in turn). `freshOnly` takes
   * fresh saves only: a worker kept for them is never busy with a backlog when one arrives; `skipUsers`
   * passes over those people's jobs, and `skipHosts` over pages on those hosts (names as URL's hostname
   * gives them). On PostgreSQL `FOR UPDATE SKIP LOCKED` lets many workers claim side by side without taking
   * the same row; SQLite runs one writer at a time, so the single UPDATE is already atomic.
   */
  async claim(
    now: string,
    leaseUntil: string,
    {
      freshOnly = false,
      skipUsers = [],
      skipHosts = [],
    }: { freshOnly?: boolean; skipUsers?: readonly string[]; skipHosts?: readonly string[] } = {},
  ): Promise<LeasedJob | null> {
    return this.db.transaction().execute(async (trx) => {
      const candidates = (status: 'running' | 'queued') => {
        let query = trx.selectFrom('link_ingest_jobs').select('id').where('status', '=', status);
        if (freshOnly) query = query.where('priority', '=', JOB_PRIORITY.fresh);
        if (skipUsers.length > 0) query = query.where('user_id', 'not in', skipUsers);
        if (skipHosts.length > 0) {
          const onHosts = skipHosts.flatMap(keysOnHost);
          query = query.where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('links')
                  .select('links.id')
                  .whereRef('links.id', '=', 'link_ingest_jobs.link_id')
                  .where((link) =>
                    link.or(onHosts.map((key) => sql<boolean>`links.url_key like ${key} escape '\\'`)),
                  ),
              ),
            ),
          );
        }
        return query;
      };
      const expired = candidates('running').where('lease_until', '<', now).limit(1);
      const next = candidates('queued')
        .where('scheduled_at', '<=', now)
        .orderBy('priority')
        .orderBy('rank')
        .orderBy('scheduled_at')
        .limit(1);
      const job =
        (await this.lease(trx, expired, now, leaseUntil)) ?? (await this.lease(trx, next, now, leaseUntil));
      if (!job) return null;
      const link = await trx
        .updateTable('links')
        .set({
          enrichment_status: 'processing',
          enrichment_attempts: job.attempts,
          enrichment_retry_at: null,
        })
        .where('id', '=', job.link_id)
        .returning(['url', 'title'])
        .executeTakeFirstOrThrow();
      return {
        id: job.id,
        linkId: job.link_id,
        userId: job.user_id,
        attempt: Number(job.attempts),
        fresh: Number(job.priority) === JOB_PRIORITY.fresh,
        url: link.url,
        title: link.title,
      };
    });
  }

  private lease(
    trx: Transaction<DB>,
    due: SelectQueryBuilder<DB, 'link_ingest_jobs', { id: string }>,
    now: string,
    leaseUntil: string,
  ) {
    return trx
      .updateTable('link_ingest_jobs')
      .set({ status: 'running', lease_until: leaseUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where('id', '=', this.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returning(['id', 'link_id', 'user_id', 'attempts', 'priority'])
      .executeTakeFirst();
  }

  /**
   * The link's own tags (an imported file's, say), read in the transaction that adds enrichment's to them,
   * and locked on PostgreSQL: tags merged in by an import while the page was fetched are kept.
   */
  private async tagsOfLink(trx: Transaction<DB>, linkId: string): Promise<string[]> {
    let query = trx.selectFrom('links').select('tags').where('id', '=', linkId);
    if (this.dialect === 'postgres') query = query.forUpdate();
    return readJson<string[]>((await query.executeTakeFirst())?.tags ?? null, []);
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
          tags: writeJson(mergeTags(await this.tagsOfLink(trx, job.linkId), result.tags)),
          og_title: result.ogTitle,
          og_description: result.ogDescription,
          og_image_url: result.ogImageUrl,
          favicon: result.favicon,
          platform: result.platform,
          platform_metadata: writeJson(result.platformMetadata),
          extraction_method: result.extractionMethod,
          last_processed_at: now,
          enrichment_status: 'enriched',
          enrichment_retry_at: null,
          enrichment_error: null,
          updated_at: now,
        })
        .where('id', '=', job.linkId)
        .execute();
      await rememberTags(trx, job.userId, result.tags);
      return true;
    });
  }

  /**
   * Schedules another attempt at `retryAt`, or gives up (status failed) when `retryAt` is null. The job
   * keeps the error as it was raised (for operators); the link, why it failed in a person's words.
   */
  async fail(
    job: ClaimedJob,
    { error, failure }: { error: string; failure: EnrichmentError },
    retryAt: string | null,
    now: string,
  ): Promise<boolean> {
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
          .set({
            enrichment_status: status,
            enrichment_retry_at: retryAt,
            enrichment_error: writeJson(failure),
            updated_at: now,
          })
          .where('id', '=', job.linkId)
          .execute();
      }
      return done;
    });
  }

  /**
   * Puts a job in hand back in the queue as if this attempt had not been made (its worker is stopping):
   * due at once, its attempts as before the claim, its link queued again.
   */
  async release(job: ClaimedJob, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const attempts = job.attempt - 1;
      const done = await this.finishJob(trx, job, { status: 'queued', scheduled_at: now, attempts }, now);
      if (done) {
        await trx
          .updateTable('links')
          .set({ enrichment_status: 'queued', enrichment_attempts: attempts })
          .where('id', '=', job.linkId)
          .execute();
      }
      return done;
    });
  }

  private async finishJob(
    trx: Executor,
    job: ClaimedJob,
    changes: { status: string; last_error?: string | null; scheduled_at?: string; attempts?: number },
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

/**
 * LIKE patterns for the url_key (`scheme://host[:port]path?query`, contracts/urls.ts) of every page on a
 * host, whatever its scheme and port; `\` escapes the pattern's own characters.
 */
function keysOnHost(hostname: string): string[] {
  const host = hostname.replace(/[\\%_]/g, '\\$&');
  return ['http', 'https'].flatMap((scheme) =>
    ['', '/%', '?%', ':%'].map((rest) => `${scheme}://${host}${rest}`),
  );
}
