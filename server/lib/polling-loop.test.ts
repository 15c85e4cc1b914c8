import { describe, expect, it } from 'vitest';
import { PollingLoop } from './polling-loop.js';

describe('PollingLoop', () => {
  it('goes on after a failed round, waits when idle, and stops even when started twice', async () => {
    const rounds: string[] = [];
    const failures: unknown[] = [];
    let next = 0;
    const loop = new PollingLoop(
      () => {
        next += 1;
        if (next === 1) return Promise.reject(new Error('database restarting'));
        rounds.push(`round ${next}`);
        return Promise.resolve(next < 4);
      },
      5,
      (err) => failures.push(err),
    );
    loop.start();
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await loop.stop();
    expect(loop.signal.aborted).toBe(true);
    expect(failures).toHaveLength(1);
    expect(rounds.slice(0, 3)).toEqual(['round 2', 'round 3', 'round 4']);
    const after = next;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(next).toBe(after);
  });
});
