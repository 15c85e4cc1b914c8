import type { FastifyBaseLogger } from 'fastify';
import { ENRICHMENT_MAX_ATTEMPTS } from '../../contracts/index.js';
import { isoIn, nowIso } from '../lib/ids.js';
import { Semaphore } from '../lib/semaphore.js';
import type { Enricher } from './enricher.js';
import { describeFailure } from './failure.js';
import { HostBusy } from './fetch.js';
import { isTitleFromUrl } from './platforms.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { ClaimedJob, JobsRepository, LeasedJob } from './jobs.repository.js';

const LEASE_SECONDS = 60;
const IDLE_POLL_MS = 1000;
/** A job whose host stayed busy with this process's other fetches is tried again this much later. */
const HOST_BUSY_DELAY_SECONDS = 10;

/** Exponential backoff with full jitter: 30 s, 1 min, 2 min, 4 min … scaled by a random factor in [0.5, 1). */
export function retryDelaySeconds(attempt: number, random = Math.random): number {
  return 30 * 2 ** (attempt - 1) * (0.5 + random() / 2);
}

/**
 * N concurrent loops that claim due jobs, enrich their links and record the outcome. `wake()` lets a
 * web process start a job it just queued without waiting for the next poll.
 */
export class WorkerPool {
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  /** Aborted by stop(): the fetches and analyses in flight are abandoned and their jobs put back. */
  private stopping = new AbortController();
  /** The jobs this process is working on, by id. */
  private readonly inHand = new Map<string, LeasedJob>();
  /** One claim at a time in this process, so that each sees the jobs in hand when it chooses. */
  private readonly claiming = new Semaphore(1);

  constructor(
    private readonly jobs: JobsRepository,
    private readonly enricher: Enricher,
    private readonly notifier: LibraryNotifier,
    private readonly log: FastifyBaseLogger,
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
   * Stops claiming and abandons the jobs in hand (issue 14): each goes back to the queue as it was before
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
   * taken at once (issue 14). Each process keeps its own such loop, so this holds with many of them.
   */
  private async claim(freshOnly: boolean) {
    const release = await this.claiming.acquire();
    try {
      const served = [...this.inHand.values()].filter((job) => job.fresh).map((job) => job.userId);
      const claimed = await this.jobs.claim(nowIso(), isoIn(LEASE_SECONDS), {
        freshOnly,
        skipUsers: freshOnly ? [...new Set(served)] : [],
      });
      if (claimed) this.inHand.set(claimed.id, claimed);
      return claimed;
    } finally {
      release();
    }
  }

  private async run(claimed: LeasedJob): Promise<void> {
    const link = await this.jobs.findLink(claimed.linkId);
    if (!link) return;
    const job: ClaimedJob = {
      ...claimed,
      url: link.url,
      derivedTitle: isTitleFromUrl(link.title, link.url),
    };
    this.notifier.jobChanged(job.userId, job.linkId, 'running');
    const { signal } = this.stopping;
    try {
      const result = await this.enricher.enrich(job.url, await this.jobs.tagsOf(job.userId), signal);
      if (await this.jobs.succeed(job, result, nowIso()))
        this.notifier.jobChanged(job.userId, job.linkId, 'success');
    } catch (err) {
      if (signal.aborted) await this.putBack(job, nowIso());
      else if (err instanceof HostBusy) await this.putBack(job, isoIn(HOST_BUSY_DELAY_SECONDS));
      else await this.recordFailure(job, err);
    }
  }

  private async putBack(job: ClaimedJob, at: string): Promise<void> {
    if (await this.jobs.release(job, at, nowIso()))
      this.notifier.jobChanged(job.userId, job.linkId, 'queued');
  }

  private async recordFailure(job: ClaimedJob, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const { permanent, ...failure } = describeFailure(err);
    const retry = !permanent && job.attempt < ENRICHMENT_MAX_ATTEMPTS;
    this.log.warn({ linkId: job.linkId, attempt: job.attempt, err: message, retry }, 'enrichment failed');
    const retryAt = retry ? isoIn(retryDelaySeconds(job.attempt)) : null;
    if (await this.jobs.fail(job, { error: message, failure }, retryAt, nowIso())) {
      this.notifier.jobChanged(job.userId, job.linkId, retry ? 'queued' : 'failed');
    }
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
