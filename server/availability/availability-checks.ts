import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { SafeFetcher } from '../fetch/safe-fetcher.js';
import { PollingLoop } from '../lib/polling-loop.js';
import type { LinkAvailabilityRepository } from '../library/link-availability.repository.js';
import type { Limit, RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import { checkLink } from './link-check.js';

export interface AvailabilityOptions {
  /** Checks per second by every process together (a database-kept count), and by this one (spacing). */
  perSecond: number;
  /** One check per host in this many seconds, by every process together. */
  hostIntervalSeconds: number;
  /** A link is checked again after this long, not sooner. */
  everyMs: number;
  /** Links taken per round: few, so that a stopping process leaves few taken and unchecked. */
  batch: number;
  /** The wait when nothing is due. */
  idleMs: number;
}

/**
 * API.md "Reading, organising and finding": a link is checked about once a week, politely (HEAD first, one
 * request per host every 10 s, two a second in all, whatever the number of processes). A HEAD refused
 * and asked again with GET is two requests, each counted.
 */
export const AVAILABILITY_DEFAULTS: AvailabilityOptions = {
  perSecond: 2,
  hostIntervalSeconds: 10,
  everyMs: 7 * 24 * 3600_000,
  batch: 5,
  idleMs: 60_000,
};

/**
 * Re-checks saved pages in the background and marks them broken when gone (library/link-availability.
 * repository.ts decides), telling the owner's open apps when a link's availability changes. One loop per
 * process with workers; the links taken are marked checked as they are taken, so processes share the work.
 */
export class AvailabilityChecks {
  private readonly polling: PollingLoop;
  /** When this process's last request, and each host's, was answered (or failed). */
  private lastAnswerAt = 0;
  private readonly lastAnswerByHost = new Map<string, number>();

  constructor(
    private readonly links: LinkAvailabilityRepository,
    private readonly limiter: RateLimiter,
    private readonly fetcher: SafeFetcher,
    private readonly notifier: LibraryNotifier,
    private readonly logger: FastifyBaseLogger,
    private readonly options: AvailabilityOptions = AVAILABILITY_DEFAULTS,
  ) {
    this.polling = new PollingLoop(
      (signal) => this.runOnce(signal),
      options.idleMs,
      (err) => this.logger.warn({ err }, 'availability check failed'),
    );
  }

  start(): void {
    this.polling.start();
  }

  stop(): Promise<void> {
    return this.polling.stop();
  }

  /** Stops for good: the loop, and the fetcher's connections. */
  async close(): Promise<void> {
    await this.stop();
    await this.fetcher.close();
  }

  /** One round: takes the links due and checks them; false when none was due. */
  async runOnce(signal: AbortSignal = this.polling.signal): Promise<boolean> {
    const now = Date.now();
    const due = await this.links.claimDue(
      new Date(now).toISOString(),
      new Date(now - this.options.everyMs).toISOString(),
      this.options.batch,
    );
    for (const link of due) {
      if (signal.aborted) break;
      const host = new URL(link.url).hostname;
      const verdict = await checkLink(async (method) => {
        await this.paced(host, signal);
        try {
          return await this.fetcher.fetch(link.url, signal, { method });
        } finally {
          this.answered(host);
        }
      });
      if (signal.aborted) break;
      if (await this.links.record(link.id, verdict)) this.notifier.linkChanged(link.userId, link.id);
    }
    return due.length > 0;
  }

  /** Waits for this request's turn: the host's, every process's, and this process's (each request counts). */
  private async paced(host: string, signal: AbortSignal): Promise<void> {
    const { hostIntervalSeconds, perSecond } = this.options;
    await this.permit(`availability:host:${host}`, { max: 1, windowSeconds: hostIntervalSeconds }, signal);
    await this.permit('availability:all', { max: perSecond, windowSeconds: 1 }, signal);
    await this.spaced(host, signal);
  }

  /** Waits until the count kept under `key` allows one more request. */
  private async permit(key: string, limit: Limit, signal: AbortSignal): Promise<void> {
    for (;;) {
      const [refusal] = await this.limiter.consumeEach([key], limit);
      if (!refusal) return;
      await sleep(Number(refusal.headers['retry-after'] ?? 1) * 1000, undefined, { signal });
    }
  }

  /**
   * This process's next request waits 1/perSecond after the last one was answered, and a host's its
   * interval: counted from the answer, not the start, so that however long a request takes to arrive, no
   * second at a site ever holds more than perSecond of them (the database's counts are per window, and
   * two windows meet).
   */
  private async spaced(host: string, signal: AbortSignal): Promise<void> {
    const hostReady = (this.lastAnswerByHost.get(host) ?? 0) + this.options.hostIntervalSeconds * 1000;
    const wait = Math.max(this.lastAnswerAt + 1000 / this.options.perSecond, hostReady) - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal });
  }

  private answered(host: string): void {
    this.lastAnswerAt = Date.now();
    for (const [known, at] of this.lastAnswerByHost) {
      if (at + this.options.hostIntervalSeconds * 1000 < this.lastAnswerAt)
        this.lastAnswerByHost.delete(known);
    }
    this.lastAnswerByHost.set(host, this.lastAnswerAt);
  }
}
