import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Whether a permit is free: asked for, it is given without waiting (and given back). */
const free = async (gate: Semaphore) => {
  let given = false;
  void gate.acquire().then((release) => ((given = true), release()));
  await settled();
  return given;
};

describe('Semaphore', () => {
  it('lets `permits` in at a time and hands each permit given back to the first in line', async () => {
    const gate = new Semaphore(2);
    const order: string[] = [];
    const a = await gate.acquire();
    await gate.acquire();
    const c = gate.acquire().then((release) => (order.push('c'), release));
    void gate.acquire().then(() => order.push('d'));
    await settled();
    expect(order).toEqual([]);
    a();
    a(); // giving back twice gives back once
    // Arriving after the permit was handed to c, e waits behind d.
    void gate.acquire().then(() => order.push('e'));
    await settled();
    expect(order).toEqual(['c']);
    (await c)();
    await settled();
    expect(order).toEqual(['c', 'd']);
    expect(await free(gate)).toBe(false);
  });

  it('drops a waiter whose signal aborts, at once, and serves the next in its place', async () => {
    const gate = new Semaphore(1);
    const release = await gate.acquire();
    const stop = new AbortController();
    const abandoned = gate.acquire(stop.signal);
    const next = gate.acquire();
    stop.abort(new Error('stopping'));
    await expect(abandoned).rejects.toThrow('stopping');
    release();
    (await next)();
    expect(await free(gate)).toBe(true);
    await expect(gate.acquire(stop.signal)).rejects.toThrow('stopping');
    expect(await free(gate)).toBe(true);
  });
});
