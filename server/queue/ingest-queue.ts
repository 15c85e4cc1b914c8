import { type Kysely, type SelectQueryBuilder, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * DESIGN.md "Jobs": a person's fresh saves go before their imported backlog (lower runs first), and both
 * before the pages fetched again only to be kept, which migration 0014 queued at 2.
 */
export const JOB_PRIORITY = { fresh: 0, backlog: 1 } as const;

/** What a job does: enrich its link (a save, an import, a retry), or only keep its page (migration 0014). */
export const JOB_KINDS = ['enrich', 'content'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** A job as its claim leased it. */
export interface QueuedJob {
  id: string;
  linkId: string;
  userId: string;
  attempt: number;
  /** A fresh save (or a re-enrichment asked for), not an imported backlog. */
  fresh: boolean;
  kind: JobKind;
}

/** How a job in hand ends: done, given up, or due again at `at` (with its attempts reset when given). */
export type JobOutcome =
  | { status: 'success' }
  | { status: 'failed'; error: string }
  | { status: 'queued'; at: string; error?: string; attempts?: number };

/**
 * What a job's claim or outcome means for its link, written by the link's owner (the library owns every
 * write to `links`) in the queue's own transaction, so that a job and its link never disagree.
 */
export type LinkStep<T> = (trx: Transaction<DB>, job: QueuedJob) => Promise<T>;

/**
 * The ingest queue (DESIGN.md "Jobs"): link_ingest_jobs, one row per link, reset whenever the link must be
 * enriched again (a content job waiting in its place gives way: the enrichment keeps the page too).
 * Producers (saves, imports) enqueue in their own transactions; workers claim, then finish each job
 * they hold.
 */
export class IngestQueue {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * SPEC.md §4: status queued, scheduled_at now; written in the caller's transaction with the links. These
   * are a person's fresh saves (and re-enrichments they asked for): they go before every backlog, and
   * people's fresh saves take turns like backlogs (below), so one person's thousand saves do not hold up
   * the next person's one.
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
      kind: 'enrich',
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
  async claim<T extends object>(
    now: string,
    leaseUntil: string,
    {
      freshOnly = false,
      skipUsers = [],
      skipHosts = [],
    }: { freshOnly?: boolean; skipUsers?: readonly string[]; skipHosts?: readonly string[] },
    onClaimed: LinkStep<T>,
  ): Promise<(QueuedJob & T) | null> {
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
      const row =
        (await this.lease(trx, expired, now, leaseUntil)) ?? (await this.lease(trx, next, now, leaseUntil));
      if (!row) return null;
      const job: QueuedJob = {
        id: row.id,
        linkId: row.link_id,
        userId: row.user_id,
        attempt: Number(row.attempts),
        fresh: Number(row.priority) === JOB_PRIORITY.fresh,
        kind: row.kind === 'content' ? 'content' : 'enrich',
      };
      return { ...job, ...(await onClaimed(trx, job)) };
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
      .returning(['id', 'link_id', 'user_id', 'attempts', 'priority', 'kind'])
      .executeTakeFirst();
  }

  /**
   * Ends the job's attempt with `outcome`, and lets the link's owner record it, only while this worker
   * still holds the job: a job re-queued (URL edited) or re-claimed (lease expired) meanwhile has a newer
   * attempt, and then nothing is written. The job keeps an error as it was raised (for operators).
   */
  async finish(
    job: QueuedJob,
    outcome: JobOutcome,
    now: string,
    onFinished: LinkStep<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('link_ingest_jobs')
        .set({ ...changesFor(outcome), lease_until: null, updated_at: now })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('attempts', '=', job.attempt)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await onFinished(trx, job);
      return true;
    });
  }
}

/** The job's columns after `outcome`; an error is kept as raised, cut to a length operators can read. */
function changesFor(outcome: JobOutcome) {
  const lastError = (error: string) => error.slice(0, 1000);
  switch (outcome.status) {
    case 'success':
      return { status: outcome.status, last_error: null };
    case 'failed':
      return { status: outcome.status, last_error: lastError(outcome.error) };
    case 'queued':
      return {
        status: outcome.status,
        scheduled_at: outcome.at,
        ...(outcome.error !== undefined && { last_error: lastError(outcome.error) }),
        ...(outcome.attempts !== undefined && { attempts: outcome.attempts }),
      };
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
