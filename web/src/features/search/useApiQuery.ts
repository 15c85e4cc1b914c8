import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError, api } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';

/**
 * A small read-only query hook for the search page: GET through the API client, one request per key at a
 * time, stale-while-revalidate from a bounded in-memory cache (so going back to a search is instant), and
 * the previous answer kept on screen while the next one loads (no flicker while typing).
 *
 * Entries are keyed by user id as well as path, and the cache is dropped on sign-out, so one person's
 * results never appear, even for a moment, to the next person in the same tab.
 */

export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | null;
  /** A request for this key is in flight. */
  isFetching: boolean;
  /** `data` belongs to an earlier key, shown while this one loads. */
  isPrevious: boolean;
}

interface Entry {
  data?: unknown;
  error: ApiError | null;
  fetching: boolean;
  fetchedAt: number;
}

const STALE_MS = 10_000;
const MAX_ENTRIES = 100;

class QueryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  clear(): void {
    this.entries.clear();
    this.emit();
  }

  /** Starts a request unless one is running or the cached answer is fresh. */
  ensure(key: string, path: string): void {
    const entry = this.entries.get(key);
    if (entry && (entry.fetching || (!entry.error && Date.now() - entry.fetchedAt < STALE_MS))) return;
    this.set(key, { data: entry?.data, error: null, fetching: true, fetchedAt: entry?.fetchedAt ?? 0 });
    api.get<unknown>(path).then(
      (data) => this.set(key, { data, error: null, fetching: false, fetchedAt: Date.now() }),
      (err: unknown) =>
        this.set(key, {
          data: this.entries.get(key)?.data,
          error: err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err)),
          fetching: false,
          fetchedAt: 0,
        }),
    );
  }

  /** Forgets a key's answer and asks again (the retry button). */
  refetch(key: string, path: string): void {
    const entry = this.entries.get(key);
    if (entry && !entry.fetching) this.entries.set(key, { ...entry, fetchedAt: 0, error: null });
    this.ensure(key, path);
  }

  private set(key: string, entry: Entry): void {
    // Map keeps insertion order: re-inserting makes this key the newest, so the oldest is evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const store = new QueryStore();
api.onSessionChange((session) => {
  if (!session) store.clear();
});

/** GETs `path` (null: nothing to ask) and re-renders as the answer arrives. */
export function useApiQuery<T>(path: string | null): QueryState<T> & { refetch: () => void } {
  const userId = useAuth().user?.id ?? 'anonymous';
  const key = path === null ? null : `${userId} ${path}`;
  const entry = useSyncExternalStore(store.subscribe, () => (key === null ? undefined : store.get(key)));

  useEffect(() => {
    if (key !== null && path !== null) store.ensure(key, path);
  }, [key, path]);

  // The last answer received, for any key of this hook: shown (marked as previous) while a new key loads.
  const [last, setLast] = useState<{ key: string; data: unknown } | null>(null);
  if (key !== null && entry?.data !== undefined && (last?.key !== key || last.data !== entry.data)) {
    setLast({ key, data: entry.data });
  }

  const current = entry?.data as T | undefined;
  const previous = key !== null && current === undefined && last ? (last.data as T) : undefined;
  return {
    data: current ?? previous,
    error: entry?.error ?? null,
    isFetching: key !== null && (entry?.fetching ?? true),
    isPrevious: previous !== undefined,
    refetch: () => {
      if (key !== null && path !== null) store.refetch(key, path);
    },
  };
}
