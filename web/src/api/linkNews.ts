import type { QueryClient } from '@tanstack/react-query';

/**
 * What GET /api/events last said of each link, in the order it said it (issue 14: a link's status went
 * backwards). The stream brings a link's changes in the order they were committed; the answer to a request
 * (a save, an edit, a fetch) can arrive after events that are newer than the state it holds: a worker claims
 * a link as soon as it is saved, so "processing" overtakes the save's own answer, "queued". An answer may
 * only set a link the stream has said nothing of since the request was sent: else the stream has brought,
 * or is bringing, a state at least as new.
 */
export interface LinkNews {
  /** The stream changed a link, or (`deleted`) removed it. */
  heard(id: string, deleted?: boolean): void;
  /** The point the stream has reached: taken when a request is sent, for `since`. */
  now(): number;
  /** What the stream said of a link after `mark`: nothing (null), a change, or its deletion. */
  since(id: string, mark: number): 'changed' | 'deleted' | null;
}

function createLinkNews(): LinkNews {
  let clock = 0;
  const last = new Map<string, { at: number; deleted: boolean }>();
  return {
    heard(id, deleted = false) {
      clock += 1;
      last.set(id, { at: clock, deleted });
    },
    now: () => clock,
    since(id, mark) {
      const news = last.get(id);
      if (!news || news.at <= mark) return null;
      return news.deleted ? 'deleted' : 'changed';
    },
  };
}

/** One record per cache: a QueryClient's caches are what the stream and the answers both write to. */
const records = new WeakMap<QueryClient, LinkNews>();

export function linkNews(queryClient: QueryClient): LinkNews {
  let news = records.get(queryClient);
  if (!news) {
    news = createLinkNews();
    records.set(queryClient, news);
  }
  return news;
}
