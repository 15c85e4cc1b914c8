import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.js';

/** A writer that records its batches and can be held open, as a transaction waiting on the database. */
function recordingWriter(fails: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  let release: () => void = () => undefined;
  let held: Promise<void> | null = null;
  return {
    batches,
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
    async write(items: number[]): Promise<string[]> {
      batches.push(items);
      if (held) await held;
      held = null;
      if (items.some(fails)) throw new Error(`item ${items.find(fails)} is refused`);
      return items.map((item) => `done ${item}`);
    },
  };
}

describe('Coalescer (group commit)', () => {
  it('writes the items handed in during one turn of the event loop as one batch, answering each its own result', async () => {
    const writer = recordingWriter();
    const coalescer = new Coalescer((items: number[]) => writer.write(items), { onFailure: 'retry-each' });
    const results = await Promise.all([1, 2, 3].map((item) => coalescer.add(item)));
    expect(results).toEqual(['done 1', 'done 2', 'done 3']);
    expect(writer.batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the items that arrive while a batch is being written into the next batch', async () => {
    const writer = recordingWriter();
    const coalescer = new Coalescer((items: number[]) => writer.write(items), { onFailure: 'retry-each' });
    writer.hold();
    const first = coalescer.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((item) => coalescer.add(item));
    writer.release();
    expect(await Promise.all([first, ...later])).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('bounds the size of a batch', async () => {
    const writer = recordingWriter();
    const coalescer = new Coalescer((items: number[]) => writer.write(items), {
      onFailure: 'retry-each',
      maxBatch: 2,
    });
    await Promise.all([1, 2, 3, 4, 5].map((item) => coalescer.add(item)));
    expect(writer.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the item that cannot be written: the rest of its batch is written again one by one', async () => {
    const writer = recordingWriter((item) => item === 2);
    const coalescer = new Coalescer((items: number[]) => writer.write(items), { onFailure: 'retry-each' });
    const settled = await Promise.allSettled([1, 2, 3].map((item) => coalescer.add(item)));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'done 1' },
      { status: 'rejected', reason: new Error('item 2 is refused') },
      { status: 'fulfilled', value: 'done 3' },
    ]);
    expect(writer.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("fails every item of a failed batch at once when told that a failure is never one item's", async () => {
    const writer = recordingWriter((item) => item === 2);
    const coalescer = new Coalescer((items: number[]) => writer.write(items), { onFailure: 'fail-all' });
    const settled = await Promise.allSettled([1, 2, 3].map((item) => coalescer.add(item)));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(writer.batches).toEqual([[1, 2, 3]]);
  });

  it('fails the callers of a batch answered with too few results, instead of answering them undefined', async () => {
    const coalescer = new Coalescer((items: number[]) => Promise.resolve(items.slice(1)), {
      onFailure: 'fail-all',
    });
    const settled = await Promise.allSettled([1, 2].map((item) => coalescer.add(item)));
    expect(settled).toEqual([
      { status: 'rejected', reason: new Error('A batch of 2 was answered with 1 results') },
      { status: 'rejected', reason: new Error('A batch of 2 was answered with 1 results') },
    ]);
  });

  it('keeps serving after a failed batch', async () => {
    const writer = recordingWriter((item) => item === 1);
    const coalescer = new Coalescer((items: number[]) => writer.write(items), { onFailure: 'retry-each' });
    await expect(coalescer.add(1)).rejects.toThrow('item 1 is refused');
    expect(await coalescer.add(2)).toBe('done 2');
  });
});
