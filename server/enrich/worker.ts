import type { FastifyBaseLogger } from 'fastify';
import { ENRICHMENT_MAX_ATTEMPTS } from '../../contracts/index.js';
import { isoIn, nowIso } from '../lib/ids.js';
import type { Enricher } from './enricher.js';
import { describeFailure } from './failure.js';
import { isTitleFromUrl } from './platforms.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { ClaimedJob, JobsRepository } from './jobs.repository.js';

const LEASE_SECONDS = 60;
const IDLE_POLL_MS = 1000;

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
    this.loops = [
      ...Array.from({ length: count }, () => this.loop({ freshOnly: false })),
      this.loop({ freshOnly: true }),
    ];
  }

  wake(): void {
    for (const wakeUp of this.sleepers) wakeUp();
  }

  /** Stops claiming and waits for the jobs in hand to finish (their leases protect them if we are killed). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
    await this.enricher.close();
  }

  /** Claims and runs one job; false when none was due. */
  async runOnce(options: { freshOnly?: boolean } = {}): Promise<boolean> {
    const claimed = await this.jobs.claim(nowIso(), isoIn(LEASE_SECONDS), options);
    if (!claimed) return false;
    const link = await this.jobs.findLink(claimed.linkId);
    if (!link) return true;
    const job: ClaimedJob = {
      ...claimed,
      url: link.url,
      derivedTitle: isTitleFromUrl(link.title, link.url),
    };
    this.notifier.jobChanged(job.userId, job.linkId, 'running');
    try {
      const result = await this.enricher.enrich(job.url, await this.jobs.tagsOf(job.userId));
      if (await this.jobs.succeed(job, result, nowIso()))
        this.notifier.jobChanged(job.userId, job.linkId, 'success');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const { permanent, ...failure } = describeFailure(err);
      const retry = !permanent && job.attempt < ENRICHMENT_MAX_ATTEMPTS;
      this.log.warn({ linkId: job.linkId, attempt: job.attempt, err: message, retry }, 'enrichment failed');
      const retryAt = retry ? isoIn(retryDelaySeconds(job.attempt)) : null;
      if (await this.jobs.fail(job, { error: message, failure }, retryAt, nowIso())) {
        this.notifier.jobChanged(job.userId, job.linkId, retry ? 'queued' : 'failed');
      }
    }
    return true;
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
