import type { CreateLinkBody, CreateSnippetBody } from '../../../contracts/requests.js';

/**
 * Saves made while the server cannot be reached wait here (in extension storage, so they outlive the
 * service worker and the browser) and are sent later: on an alarm, at start-up and after any request
 * that got through. Nothing is dropped for being offline, and nothing is saved twice: a request may have
 * reached the server although its answer was lost, so before each send the server is asked whether it
 * already holds the item (a link by its URL; a snippet by its page, text and position).
 */

export type OutboxItem = { id: string; account: string; queuedAt: string } & (
  { kind: 'link'; body: CreateLinkBody } | { kind: 'snippet'; body: CreateSnippetBody }
);
export type NewOutboxItem = Omit<OutboxItem, 'id' | 'queuedAt'>;

export interface OutboxStore {
  read(): Promise<OutboxItem[]>;
  write(items: OutboxItem[]): Promise<void>;
}

/** What the outbox needs of the server, for the signed-in account. */
export interface Library {
  has(item: OutboxItem): Promise<boolean>;
  save(item: OutboxItem): Promise<void>;
}

/**
 * How a failed send ends: `retry` keeps the item for later; `reject` drops it (the server will never take
 * it); `done` counts it as sent (the server already holds what it asked for, e.g. the page saved).
 */
export type FailureVerdict = 'retry' | 'reject' | 'done';

export interface FlushResult {
  sent: number;
  rejected: { item: OutboxItem; error: unknown }[];
  remaining: number;
}

export class Outbox {
  /** Every read-modify-write of the stored list runs after the previous one: no lost updates. */
  private writes: Promise<unknown> = Promise.resolve();
  private flushing: Promise<FlushResult> | null = null;

  constructor(
    private readonly store: OutboxStore,
    private readonly judge: (error: unknown) => FailureVerdict,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async add(item: NewOutboxItem): Promise<OutboxItem> {
    const queued = { ...item, id: this.newId(), queuedAt: new Date().toISOString() } as OutboxItem;
    await this.update((items) => [...items, queued]);
    return queued;
  }

  async pending(account: string): Promise<OutboxItem[]> {
    await this.writes;
    return (await this.store.read()).filter((item) => item.account === account);
  }

  /**
   * Sends the account's waiting items, oldest first, stopping at the first that must wait (the server is
   * still unreachable: the rest would fail too). Calls made while a flush runs share it.
   */
  flush(account: string, library: Library): Promise<FlushResult> {
    this.flushing ??= this.sendAll(account, library).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(account: string, library: Library): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, rejected: [], remaining: 0 };
    for (const item of await this.pending(account)) {
      try {
        if (!(await library.has(item))) await library.save(item);
        result.sent += 1;
      } catch (error) {
        const verdict = this.judge(error);
        if (verdict === 'retry') break;
        if (verdict === 'done') result.sent += 1;
        else result.rejected.push({ item, error });
      }
      await this.update((items) => items.filter((other) => other.id !== item.id));
    }
    result.remaining = (await this.pending(account)).length;
    return result;
  }

  private update(change: (items: OutboxItem[]) => OutboxItem[]): Promise<void> {
    const next = this.writes.then(async () => this.store.write(change(await this.store.read())));
    this.writes = next.catch(() => undefined);
    return next;
  }
}
