import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A background loop of rounds in one process (the availability checks, the weekly mailer): a round that
 * found work is followed at once by the next, one that found none waits `idleMs`. A failed round is handed
 * to `failed` and waited out like an idle one, so that a passing fault (the database restarting) never
 * ends the loop. Stopping aborts the signal the rounds are given and waits for the round in hand.
 */
export class PollingLoop {
  private stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly round: (signal: AbortSignal) => Promise<boolean>,
    private readonly idleMs: number,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** The signal of the loop now running, or of the last one (aborted once stopped). */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  start(): void {
    // A second start leaves the running loop be: a new signal would leave that one unstoppable.
    if (this.loop) return;
    this.stopping = new AbortController();
    this.loop = this.run(this.stopping.signal);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    this.loop = null;
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        if (!(await this.round(signal))) await sleep(this.idleMs, undefined, { signal });
      } catch (err) {
        if (signal.aborted) break;
        this.failed(err);
        await sleep(this.idleMs, undefined, { signal }).catch(() => undefined);
      }
    }
  }
}
