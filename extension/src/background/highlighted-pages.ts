import { urlKey } from '../../../contracts/urls.js';

/**
 * Which pages the user has highlights on, kept here so that a visit to any other page (most of them) asks
 * the server nothing: the server never learns what the user browses, only which highlighted pages they
 * return to. Rebuilt from the server now and then; a highlight made here is added at once.
 */

interface Stored {
  account: string;
  keys: string[];
  syncedAt: number;
}

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

const KEY = 'highlightedPages';
/** Highlights made elsewhere (the bookmarklet, another browser) show up here within this time. */
const MAX_AGE_MS = 6 * 60 * 60 * 1000;

export class HighlightedPages {
  constructor(private readonly store: KeyValueStore) {}

  async has(account: string, url: string): Promise<boolean> {
    const stored = await this.load(account);
    return stored !== null && stored.keys.includes(urlKey(url));
  }

  async add(account: string, url: string): Promise<void> {
    const stored = (await this.load(account)) ?? { account, keys: [], syncedAt: 0 };
    const key = urlKey(url);
    if (!stored.keys.includes(key)) await this.store.set(KEY, { ...stored, keys: [...stored.keys, key] });
  }

  async isStale(account: string, now = Date.now()): Promise<boolean> {
    const stored = await this.load(account);
    return stored === null || now - stored.syncedAt > MAX_AGE_MS;
  }

  async replace(account: string, urls: string[], now = Date.now()): Promise<void> {
    const stored: Stored = { account, keys: [...new Set(urls.map(urlKey))], syncedAt: now };
    await this.store.set(KEY, stored);
  }

  private async load(account: string): Promise<Stored | null> {
    const stored = (await this.store.get(KEY)) as Stored | undefined;
    return stored?.account === account ? stored : null;
  }
}
