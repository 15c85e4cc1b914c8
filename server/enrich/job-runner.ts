import type { FastifyBaseLogger } from 'fastify';
import { ENRICHMENT_MAX_ATTEMPTS, type JobStatus } from '../../contracts/index.js';
import type { JobKind } from '../queue/ingest-queue.js';
import { withAbort } from '../lib/abort.js';
import { isoIn, nowIso } from '../lib/clock.js';
import { Semaphore } from '../lib/semaphore.js';
import type { Enricher } from './enricher.js';
import { describeFailure } from './failure.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { ClaimedJob, EnrichmentJobs } from './enrichment-jobs.js';

const LEASE_SECONDS = 60;
const IDLE_POLL_MS = 1000;
/**
 * Pages of one host this process enriches at a time (DESIGN.md "Jobs"): a site is not hammered by a
 * person's hundred links to it, and a slow one holds at most this many workers. The host's
 * other pages wait in the queue, unclaimed, and keep their turn.
 */
const JOBS_PER_HOST = 2;

/** Exponential backoff with full jitter: 30 s, 1 min, 2 min, 4 min … scaled by a random factor in [0.5, 1). */
export function retryDelaySeconds(attempt: number, random = Math.random): number {
  return 30 * 2 ** (attempt - 1) * (0.5 + random() / 2);
}

/**
 * How a job this process held ended: enriched (or its page kept), failed and due again later, given up,
 * put back unattempted at shutdown, or taken from this process (its lease ran out, its URL was edited)
 * before its result could be written.
 */
export const JOB_ENDS = ['done', 'retried', 'failed', 'put_back', 'superseded'] as const;
export type JobEnd = (typeof JOB_ENDS)[number];

/** Counts the jobs' ends (metrics/); the runner knows nothing of how they are exposed. */
export interface JobCounter {
  jobEnded(kind: JobKind, end: JobEnd): void;
}

/**
 * N concurrent loops that claim due jobs, enrich their links and record the outcome. `wake()` lets a
 * web process start a job it just queued without waiting for the next poll.
 */
/** What is done once a link is enriched: smart categories suggest it a folder (organise/). */
export interface AfterEnrichment {
  afterEnrichment(userId: string, linkId: string, abandon?: AbortSignal): Promise<unknown>;
}

export class JobRunner {
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  /** Aborted by stop(): the fetches and analyses in flight are abandoned and their jobs put back. */
  private stopping = new AbortController();
  /** The jobs this process is working on, by id. */
  private readonly inHand = new Map<string, ClaimedJob>();
  /** One claim at a time in this process, so that each sees the jobs in hand when it chooses. */
  private readonly claiming = new Semaphore(1);

  constructor(
    private readonly jobs: EnrichmentJobs,
    private readonly enricher: Enricher,
    private readonly notifier: LibraryNotifier,
    private readonly log: FastifyBaseLogger,
    /** Runners that tests build for themselves count nothing. */
    private readonly counter: JobCounter = { jobEnded: () => undefined },
    private readonly after: AfterEnrichment | null = null,
  ) {}

  /**
   * `count` loops take any job; one more takes only fresh saves (DESIGN.md "Jobs"), so that a save made
   * while every other loop is busy with an imported backlog (pages that may take seconds each, or time out)
   * is still enriched at once.
   */
  start(count: number): void {
    if (this.running || count <= 0) return;
    this.running = true;
    this.stopping = new AbortController();
    this.loops = [
      ...Array.from({ length: count }, () => this.loop({ freshOnly: false })),
      this.loop({ freshOnly: true }),
    ];
  }

  wake(): void {
    for (const wakeUp of this.sleepers) wakeUp();
  }

  /**
   * Stops claiming and abandons the jobs in hand: each goes back to the queue as it was before
   * its claim, without counting an attempt, for another process (or this one, restarted) to take at once;
   * a page that never answers does not hold up the shutdown. Their leases cover a process that is killed.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wake();
    await Promise.all(this.loops);
    await this.enricher.close();
  }

  /** Claims and runs one job; false when none was due. */
  async runOnce({ freshOnly = false }: { freshOnly?: boolean } = {}): Promise<boolean> {
    const claimed = await this.claim(freshOnly);
    if (!claimed) return false;
    try {
      await this.run(claimed);
    } finally {
      this.inHand.delete(claimed.id);
    }
    return true;
  }

  /**
   * The loop kept for fresh saves passes over the people whose fresh saves this process is already
   * enriching: one person's hundred slow pages hold the other loops at most, and the next person's save is
   * taken at once. Each process keeps its own such loop, so this holds with many of them. No
   * loop takes a page of a host that has JOBS_PER_HOST pages in hand.
   */
  private async claim(freshOnly: boolean): Promise<ClaimedJob | null> {
    const release = await this.claiming.acquire();
    try {
      const inHand = [...this.inHand.values()];
      const served = inHand.filter((job) => job.fresh).map((job) => job.userId);
      const claimed = await this.jobs.claim(nowIso(), isoIn(LEASE_SECONDS), {
        freshOnly,
        skipUsers: freshOnly ? [...new Set(served)] : [],
        skipHosts: busyHosts(inHand),
      });
      if (!claimed) return null;
      this.inHand.set(claimed.id, claimed);
      return claimed;
    } finally {
      release();
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    this.announce(job, 'running');
    const stopping = this.stopping.signal;
    try {
      const recorded =
        job.kind === 'content' ? await this.keepPage(job, stopping) : await this.enrich(job, stopping);
      if (recorded) this.announce(job, 'success');
      this.counter.jobEnded(job.kind, recorded ? 'done' : 'superseded');
    } catch (err) {
      if (stopping.aborted) await this.putBack(job);
      else await this.recordFailure(job, err);
    }
  }

  // Each with a signal of the job's own: nothing of the job stays on `stopping`, which lasts as long as the process.
  private async enrich(job: ClaimedJob, stopping: AbortSignal): Promise<boolean> {
    const result = await withAbort([stopping], async (signal) =>
      this.enricher.enrich(job.url, await this.jobs.tagsOf(job.userId), signal),
    );
    const recorded = await this.jobs.succeed(job, result, nowIso());
    if (recorded) await this.suggestFolder(job, stopping);
    return recorded;
  }

  /**
   * A folder suggestion from the link as now enriched, before its `job` event has the web app read it. A
   * failure here is the suggestion's alone: the link is enriched, and is left without one.
   */
  private async suggestFolder(job: ClaimedJob, stopping: AbortSignal): Promise<void> {
    const after = this.after;
    if (!after) return;
    try {
      await withAbort([stopping], (signal) => after.afterEnrichment(job.userId, job.linkId, signal));
    } catch (err) {
      if (!stopping.aborted) this.log.warn({ err, linkId: job.linkId }, 'folder suggestion failed');
    }
  }

  /** A content job asks nothing of a language model: the link keeps its summaries and tags. */
  private async keepPage(job: ClaimedJob, stopping: AbortSignal): Promise<boolean> {
    const content = await withAbort([stopping], (signal) => this.enricher.keptPage(job.url, signal));
    return this.jobs.pageKept(job, content, nowIso());
  }

  private async putBack(job: ClaimedJob): Promise<void> {
    const released = await this.jobs.release(job, nowIso());
    if (released) this.announce(job, 'queued');
    this.counter.jobEnded(job.kind, released ? 'put_back' : 'superseded');
  }

  private async recordFailure(job: ClaimedJob, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const { permanent, ...failure } = describeFailure(err);
    const retry = !permanent && job.attempt < ENRICHMENT_MAX_ATTEMPTS;
    this.log.warn({ linkId: job.linkId, attempt: job.attempt, err: message, retry }, 'enrichment failed');
    const retryAt = retry ? isoIn(retryDelaySeconds(job.attempt)) : null;
    const recorded = await this.jobs.fail(job, { error: message, failure }, retryAt, nowIso());
    if (recorded) this.announce(job, retry ? 'queued' : 'failed');
    this.counter.jobEnded(job.kind, !recorded ? 'superseded' : retry ? 'retried' : 'failed');
  }

  /**
   * What the link's owner is told. A content job's link is not being enriched, so its steps are not
   * announced; once its page is kept, the link has changed (it can be read).
   */
  private announce(job: ClaimedJob, status: JobStatus): void {
    if (job.kind === 'enrich') this.notifier.jobChanged(job.userId, job.linkId, status);
    else if (status === 'success') this.notifier.linkChanged(job.userId, job.linkId);
  }

  private async loop(options: { freshOnly: boolean }): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce(options);
      } catch (err) {
        this.log.error({ err }, 'worker loop error');
      }
      if (!worked && this.running) await this.sleep(IDLE_POLL_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}

/** The hosts with JOBS_PER_HOST pages among `jobs`. */
function busyHosts(jobs: readonly ClaimedJob[]): string[] {
  const counts = new Map<string, number>();
  for (const { url } of jobs) {
    const host = URL.canParse(url) ? new URL(url).hostname : null;
    if (host !== null) counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= JOBS_PER_HOST).map(([host]) => host);
}
