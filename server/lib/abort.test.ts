import { describe, expect, it } from 'vitest';
import { heldBy } from '../../test/signals.js';
import { withAbort } from './abort.js';

describe('withAbort', () => {
  it('aborts the work when any source aborts, with its reason', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const work = withAbort(
      [first.signal, undefined, second.signal],
      (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
    );
    second.abort(new Error('stopping'));
    await expect(work).rejects.toThrow('stopping');
    expect(first.signal.aborted).toBe(false);
  });

  it('starts the work aborted when a source already is', async () => {
    const reason = new Error('already stopped');
    const seen = await withAbort([AbortSignal.abort(reason)], (signal) => Promise.resolve(signal.reason));
    expect(seen).toBe(reason);
  });

  it('leaves nothing on a long-lived source, however many times it is used', async () => {
    const process = new AbortController();
    for (let i = 0; i < 100; i += 1) {
      await withAbort([AbortSignal.timeout(60_000), process.signal], () => Promise.resolve(i));
      await expect(withAbort([process.signal], () => Promise.reject(new Error('failed')))).rejects.toThrow(
        'failed',
      );
    }
    expect(heldBy(process.signal)).toBe(0);
  });
});
