/**
 * Group commit: items handed in while a batch is being written, or within the same turn of the event
 * loop, are written together by one call of `writeBatch` (one transaction, one commit) instead of one
 * transaction each. A commit is most of a save's database time (on SQLite the WAL write and the FTS5
 * segment flush happen once per commit), so under load a batch costs little more than a single item
 * (issue 2: 50 connections saving back to back, BENCHMARKS.md).
 *
 * A caller's promise settles only once its batch has committed. If a batch fails, each of its items is
 * written again on its own, so one bad item fails only its own caller, never the others in its batch.
 */
export class Coalescer<Item, Result> {
  private pending: Entry<Item, Result>[] = [];
  private writing = false;

  constructor(
    /** Writes every item atomically and answers one result per item, in order. */
    private readonly writeBatch: (items: Item[]) => Promise<Result[]>,
    /** Bounds a batch's statement size (bound parameters per INSERT) and its callers' wait. */
    private readonly maxBatch = 100,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      // While a batch is being written, the loop in drain() takes this one next.
      if (!this.writing && this.pending.length === 1) setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.pending.length > 0) await this.write(this.pending.splice(0, this.maxBatch));
    } finally {
      this.writing = false;
    }
  }

  private async write(batch: Entry<Item, Result>[]): Promise<void> {
    let results: Result[];
    try {
      results = await this.writeBatch(batch.map((entry) => entry.item));
    } catch (err) {
      if (batch.length === 1) batch[0]?.reject(err);
      else for (const entry of batch) await this.write([entry]);
      return;
    }
    batch.forEach((entry, i) => entry.resolve(results[i] as Result));
  }
}

interface Entry<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (err: unknown) => void;
}
