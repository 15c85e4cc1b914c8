import { describe, expect, it } from 'vitest';
import { ExtensionError, OFFLINE } from '../shared/messages.js';
import { judgeFailure } from './capture.js';
import { type Library, Outbox, type OutboxItem, type OutboxStore } from './outbox.js';

/** extension storage as the outbox sees it: a list written whole, read back as a copy. */
class MemoryStore implements OutboxStore {
  saved: OutboxItem[] = [];
  async read() {
    await Promise.resolve();
    return structuredClone(this.saved);
  }
  async write(items: OutboxItem[]) {
    await Promise.resolve();
    this.saved = structuredClone(items);
  }
}

/** A server holding links by URL, which can be unreachable, or take a save and lose the answer. */
class FakeLibrary implements Library {
  urls: string[] = [];
  reachable = true;
  loseNextAnswer = false;
  refuse: Error | null = null;

  async has(item: OutboxItem) {
    await this.check();
    return item.kind === 'link' && this.urls.includes(item.body.url);
  }
  async save(item: OutboxItem) {
    await this.check();
    if (this.refuse) throw this.refuse;
    if (item.kind === 'link') this.urls.push(item.body.url);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw offline();
    }
  }
  /** The network is asynchronous: answers, and failures, come later. */
  private async check() {
    await Promise.resolve();
    if (!this.reachable) throw offline();
  }
}

const offline = () => new ExtensionError(0, OFFLINE, 'unreachable');
const ME = 'https://vault.example u1';
const link = (url: string, account = ME) => ({ account, kind: 'link' as const, body: { url } });

function setUp() {
  const store = new MemoryStore();
  let n = 0;
  const outbox = new Outbox(store, judgeFailure, () => `item-${(n += 1)}`);
  return { store, outbox, library: new FakeLibrary() };
}

describe('the offline outbox', () => {
  it('keeps what was saved offline and sends it, oldest first, once the server is back', async () => {
    const { store, outbox, library } = setUp();
    await outbox.add(link('https://a.example/'));
    await outbox.add(link('https://b.example/'));
    library.reachable = false;

    expect(await outbox.flush(ME, library)).toEqual({ sent: 0, rejected: [], remaining: 2 });
    expect(store.saved.map((item) => item.body)).toEqual([
      { url: 'https://a.example/' },
      { url: 'https://b.example/' },
    ]);

    library.reachable = true;
    expect(await outbox.flush(ME, library)).toEqual({ sent: 2, rejected: [], remaining: 0 });
    expect(library.urls).toEqual(['https://a.example/', 'https://b.example/']);
    expect(store.saved).toEqual([]);
  });

  it('does not save twice when a save reached the server but its answer was lost', async () => {
    const { outbox, library } = setUp();
    await outbox.add(link('https://lost.example/'));
    library.loseNextAnswer = true;
    expect((await outbox.flush(ME, library)).remaining).toBe(1);
    expect((await outbox.flush(ME, library)).remaining).toBe(0);
    expect(library.urls).toEqual(['https://lost.example/']);
  });

  it('sends nothing twice when flushes overlap', async () => {
    const { outbox, library } = setUp();
    await outbox.add(link('https://once.example/'));
    const results = await Promise.all([outbox.flush(ME, library), outbox.flush(ME, library)]);
    expect(results[0]).toBe(results[1]);
    expect(library.urls).toEqual(['https://once.example/']);
  });

  it('loses no item added while a flush runs', async () => {
    const { store, outbox, library } = setUp();
    await outbox.add(link('https://first.example/'));
    const flushing = outbox.flush(ME, library);
    await outbox.add(link('https://during.example/'));
    await flushing;
    await outbox.flush(ME, library);
    expect(library.urls).toEqual(['https://first.example/', 'https://during.example/']);
    expect(store.saved).toEqual([]);
  });

  it('sends an account’s items only as that account', async () => {
    const { store, outbox, library } = setUp();
    await outbox.add(link('https://theirs.example/', 'https://vault.example u2'));
    await outbox.add(link('https://mine.example/'));
    await outbox.flush(ME, library);
    expect(library.urls).toEqual(['https://mine.example/']);
    expect(store.saved.map((item) => item.account)).toEqual(['https://vault.example u2']);
    expect(await outbox.pending(ME)).toEqual([]);
  });

  it('keeps items through server errors, rate limits and an ended session; drops what the server refuses', async () => {
    const { store, outbox, library } = setUp();
    await outbox.add(link('https://kept.example/'));
    for (const error of [
      new ExtensionError(503, 'unavailable', 'down'),
      new ExtensionError(429, 'rate_limited', 'slow down'),
      new ExtensionError(401, 'signed_out', 'sign in'),
      new Error('a bug'),
    ]) {
      library.refuse = error;
      expect((await outbox.flush(ME, library)).remaining).toBe(1);
    }
    library.refuse = new ExtensionError(400, 'validation_failed', 'bad');
    const result = await outbox.flush(ME, library);
    expect(result.rejected.map(({ item }) => item.body)).toEqual([{ url: 'https://kept.example/' }]);
    expect(store.saved).toEqual([]);
  });

  it('counts a page the server already holds (409 conflict) as sent: dropped, neither retried nor refused', async () => {
    const { store, outbox, library } = setUp();
    await outbox.add(link('https://saved-elsewhere.example/'));
    // Saved meanwhile from another device, after the outbox asked: the server's own check answers 409.
    const saved = { id: 'l1', url: 'https://saved-elsewhere.example/' };
    library.refuse = new ExtensionError(409, 'conflict', 'Already in your vault', { link: saved });
    expect(await outbox.flush(ME, library)).toEqual({ sent: 1, rejected: [], remaining: 0 });
    expect(store.saved).toEqual([]);
  });

  it('still refuses a 409 that is not about a page already saved', async () => {
    const { outbox, library } = setUp();
    await outbox.add(link('https://odd.example/'));
    library.refuse = new ExtensionError(409, 'conflict', 'Something else');
    const result = await outbox.flush(ME, library);
    expect(result.rejected).toHaveLength(1);
    expect(result.remaining).toBe(0);
  });
});
