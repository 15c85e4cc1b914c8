/**
 * Batching: items handed in while a batch is being handled, or within the same turn of the event loop,
 * are handled together by one call of `handleBatch` instead of one call each.
 * - Group commit for saves (one transaction, one commit): a commit is most of a save's database time (on
 *   SQLite the WAL write and the FTS5 segment flush happen once per commit).
 * - One query for the access tokens of requests that arrive together, instead of one round trip each.
 * Under load a batch costs little more than a single item (50 connections saving back to back,
 * BENCHMARKS.md); when idle, an item waits only for the end of the current turn.
 *
 * A caller's promise settles only once its batch is done. When a batch fails, `onFailure` says what
 * follows: 'retry-each' handles each item again on its own, so that one bad item (a save whose folder is
 * gone) fails only its own caller; 'fail-all' fails every caller, where a failure cannot come from one
 * item (a lookup fails only with its database) and a hundred lone retries would only hold up the rest.
 */
const DEFAULT_MAX_BATCH = 100;

export class Coalescer<Item, Result> {
  private pending: Entry<Item, Result>[] = [];
  private busy = false;

  constructor(
    /** Handles every item (atomically, for writes) and answers one result per item, in order. */
    private readonly handleBatch: (items: Item[]) => Promise<Result[]>,
    private readonly options: {
      onFailure: 'retry-each' | 'fail-all';
      /** Bounds a batch's statement size (bound parameters per INSERT) and its callers' wait. */
      maxBatch?: number;
    },
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      // While a batch is being handled, the loop in drain() takes this one next.
      if (!this.busy && this.pending.length === 1) setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.pending.length > 0)
        await this.handle(this.pending.splice(0, this.options.maxBatch ?? DEFAULT_MAX_BATCH));
    } finally {
      this.busy = false;
    }
  }

  private async handle(batch: Entry<Item, Result>[]): Promise<void> {
    let results: Result[];
    try {
      results = await this.handleBatch(batch.map((entry) => entry.item));
      if (results.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} was answered with ${results.length} results`);
      }
    } catch (err) {
      if (batch.length === 1 || this.options.onFailure === 'fail-all') {
        for (const entry of batch) entry.reject(err);
      } else {
        for (const entry of batch) await this.handle([entry]);
      }
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
