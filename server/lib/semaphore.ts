/**
 * At most `permits` holders at a time; the others wait in arrival order. A waiter whose signal aborts
 * leaves the line at once (a worker being stopped must not wait for a slot it no longer wants).
 */
export class Semaphore {
  private held = 0;
  private readonly line: (() => void)[] = [];

  constructor(private readonly permits: number) {}

  /** Resolves with the function that gives the permit back; rejects with the signal's reason on abort. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.held < this.permits) this.held += 1;
    else {
      // A permit given back is handed straight to the first in line, so nobody arriving meanwhile takes it.
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          this.line.splice(this.line.indexOf(turn), 1);
          reject(signal?.reason as Error);
        };
        this.line.push(turn);
        signal?.addEventListener('abort', leave, { once: true });
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.line.shift();
      if (next) next();
      else this.held -= 1;
    };
  }
}
