import type { QueryClient } from '@tanstack/react-query';
import type { Link } from '../../../contracts/index.js';
import {
  type Placed,
  countPlaced,
  findCachedLink,
  invalidateCounts,
  placeInCaches,
  removeFromCaches,
  setLinkStatus,
} from './linkCache';

/**
 * What GET /api/events last said of each link, in the order it said it (a link's status went
 * backwards). The stream brings a link's changes in the order they were committed; the answer to a request
 * (a save, an edit, a fetch) can arrive after events that are newer than the state it holds: a worker claims
 * a link as soon as it is saved, so "processing" overtakes the save's own answer, "queued". An answer may
 * only set a link the stream has said nothing of since the request was sent: else the stream has brought,
 * or is bringing, a state at least as new.
 */
export interface LinkNews {
  /** The stream changed a link, or (`deleted`) removed it. */
  heard(id: string, deleted?: boolean): void;
  /** A request is being sent: `since` answers for its mark until `end`. */
  begin(): Mark;
  /** What the stream said of a link after `mark` (begun, not ended): nothing (null), a change, or its deletion. */
  since(id: string, mark: Mark): 'changed' | 'deleted' | null;
  /** The request's answer has been applied, or it failed; ending a mark again does nothing. */
  end(mark: Mark): void;
  /** How many links' news is kept: only what the requests in flight may still ask for. */
  readonly size: number;
}

/** Where the stream stood when a request was sent. */
export interface Mark {
  readonly at: number;
}

function createLinkNews(): LinkNews {
  let clock = 0;
  /** Oldest first: the clock only moves forward. */
  const inFlight = new Set<Mark>();
  /** Oldest news first (a link heard again moves to the end), so what no request needs is at the front. */
  const last = new Map<string, { at: number; deleted: boolean }>();
  return {
    heard(id, deleted = false) {
      clock += 1;
      // No mark begun later can be older than this news: with none in flight, nobody will ask for it.
      if (inFlight.size === 0) return;
      last.delete(id);
      last.set(id, { at: clock, deleted });
    },
    begin() {
      const mark = { at: clock };
      inFlight.add(mark);
      return mark;
    },
    since(id, mark) {
      const news = last.get(id);
      if (!news || news.at <= mark.at) return null;
      return news.deleted ? 'deleted' : 'changed';
    },
    end(mark) {
      if (!inFlight.delete(mark)) return;
      // News no older than the oldest mark in flight answers null to it and every later one, as none would.
      const oldest = inFlight.values().next().value?.at ?? clock;
      for (const [id, news] of last) {
        if (news.at > oldest) break;
        last.delete(id);
      }
    },
    get size() {
      return last.size;
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

/** Sends a request whose answer holds links with the mark it is sent at, ended when it is done. */
export async function withMark<T>(queryClient: QueryClient, send: (mark: Mark) => Promise<T>): Promise<T> {
  const news = linkNews(queryClient);
  const mark = news.begin();
  try {
    return await send(mark);
  } finally {
    news.end(mark);
  }
}

/**
 * A link read by a request sent at `mark`, or what the stream has said of it since: its newer cached copy,
 * or null when the stream has deleted it.
 */
export function newerOf(queryClient: QueryClient, link: Link, mark: Mark): Link | null {
  switch (linkNews(queryClient).since(link.id, mark)) {
    case null:
      return link;
    case 'deleted':
      return null;
    case 'changed':
      return findCachedLink(queryClient, link.id) ?? link;
  }
}

/** Places a Link answered to a request sent at `mark`, unless the stream has news of it since; null if not. */
export function placeAnswer(queryClient: QueryClient, link: Link, mark: Mark): Placed | null {
  if (linkNews(queryClient).since(link.id, mark)) return null;
  return placeInCaches(queryClient, link);
}

/** Applies a Link answered to a request sent at `mark`, as applyLinkUpdate. */
export function applyLinkAnswer(queryClient: QueryClient, link: Link, mark: Mark): void {
  countPlaced(queryClient, placeAnswer(queryClient, link, mark));
}

/**
 * Applies the Link of a `link` event (GET /api/events) to every cached list and detail. Counts are
 * refetched when the link is new to this tab or changed folder.
 */
export function applyLinkUpdate(queryClient: QueryClient, link: Link): void {
  linkNews(queryClient).heard(link.id);
  countPlaced(queryClient, placeInCaches(queryClient, link));
}

/** Removes a link deleted elsewhere (the `link-deleted` event) from every cache, and refetches the counts. */
export function removeLink(queryClient: QueryClient, id: string): void {
  linkNews(queryClient).heard(id, true);
  removeFromCaches(queryClient, id);
  invalidateCounts(queryClient);
}

/** Sets only the enrichment status of a cached link (the `job` event carries no Link). */
export function applyLinkStatus(
  queryClient: QueryClient,
  id: string,
  status: Link['enrichmentStatus'],
): void {
  linkNews(queryClient).heard(id);
  setLinkStatus(queryClient, id, status);
}
