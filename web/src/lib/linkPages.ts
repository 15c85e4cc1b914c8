import type { Link, LinkAvailability, LinkSort, LinkState } from '../../../contracts/index.js';
import { tagKey } from '../../../contracts/tags.js';

/**
 * Pure operations on the cached pages of a link list (the InfiniteData of TanStack Query), so that
 * optimistic updates and server-sent changes place a link exactly where a fresh fetch would put it.
 */

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Pages<T> {
  pages: Page<T>[];
  pageParams: unknown[];
}

/**
 * What a cached list shows: every link, one folder, or the uncategorized ones; optionally only one reading
 * state, only favourites or only broken links (the sidebar's Unread, Favourites, Archive, Broken links);
 * optionally only one tag (its tagKey), and filtered by text.
 */
export interface LinkFilter {
  folder: 'all' | 'uncategorized' | (string & {});
  q: string;
  tag?: string;
  /** The list's order (API.md ?sort=); absent: newest first. */
  sort?: Exclude<LinkSort, 'newest'>;
  state?: LinkState;
  favorite?: boolean;
  availability?: LinkAvailability;
}

/** SPEC.md §5: links match on title, url and description, case-insensitively, as substrings. */
export function matchesFilter(link: Link, filter: LinkFilter): boolean {
  if (filter.state !== undefined && link.state !== filter.state) return false;
  if (filter.favorite !== undefined && link.favorite !== filter.favorite) return false;
  if (filter.availability !== undefined && link.availability !== filter.availability) return false;
  if (filter.tag !== undefined && !link.tags.some((tag) => tagKey(tag) === filter.tag)) return false;
  if (filter.folder === 'uncategorized' && link.folderId !== null) return false;
  if (filter.folder !== 'all' && filter.folder !== 'uncategorized' && link.folderId !== filter.folder)
    return false;
  const q = filter.q.trim().toLowerCase();
  if (!q) return true;
  return [link.title, link.url, link.description ?? ''].some((field) => field.toLowerCase().includes(q));
}

/** The list's order (API.md: newest first, ties by id descending): negative when `a` comes first. */
export function compareNewestFirst(
  a: Pick<Link, 'createdAt' | 'id'>,
  b: Pick<Link, 'createdAt' | 'id'>,
): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id > b.id ? -1 : 1;
}

export function findInPages<T extends { id: string }>(data: Pages<T> | undefined, id: string): T | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

export function removeFromPages<T extends { id: string }>(data: Pages<T>, id: string): Pages<T> {
  if (!findInPages(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((i) => i.id !== id) })),
  };
}

export function mapInPages<T extends { id: string }>(
  data: Pages<T>,
  id: string,
  update: (item: T) => T,
): Pages<T> {
  if (!findInPages(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === id ? update(item) : item)),
    })),
  };
}

/**
 * Puts `item` where it belongs in a sorted, paged list (replacing an older copy of it). An item that
 * sorts after everything loaded while more pages remain belongs to a page not fetched yet: it is left
 * out, and will arrive with that page.
 */
export function upsertInPages<T extends { id: string }>(
  data: Pages<T>,
  item: T,
  compare: (a: T, b: T) => number,
): Pages<T> {
  const without = removeFromPages(data, item.id);
  const pages = without.pages.map((page) => ({ ...page, items: [...page.items] }));
  for (const page of pages) {
    const index = page.items.findIndex((other) => compare(item, other) < 0);
    if (index !== -1) {
      page.items.splice(index, 0, item);
      return { ...without, pages };
    }
  }
  const last = pages.at(-1);
  if (!last) return { ...without, pages: [{ items: [item], nextCursor: null }], pageParams: [null] };
  if (last.nextCursor !== null) return without;
  last.items.push(item);
  return { ...without, pages };
}

/** ?sort=oldest: the newest-first order reversed. */
export const compareOldestFirst = (a: Pick<Link, 'createdAt' | 'id'>, b: Pick<Link, 'createdAt' | 'id'>) =>
  compareNewestFirst(b, a);

/** ?sort=title: by title without case, equal titles by id (as the server's lower(title), id). */
export function compareByTitle(a: Pick<Link, 'title' | 'id'>, b: Pick<Link, 'title' | 'id'>): number {
  const [x, y] = [a.title.toLowerCase(), b.title.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

const ORDERS = { oldest: compareOldestFirst, title: compareByTitle } as const;

/**
 * Applies a changed link to one cached list: in it if it matches the list's filter, out of it if not.
 * `othersLink`: the link sits in a folder someone else shares with the person, so it belongs to that
 * folder's own list only: the person's other lists (All Links, Unread, a tag…) are of their own links.
 */
export function placeLink(
  data: Pages<Link>,
  filter: LinkFilter,
  link: Link,
  othersLink = false,
): Pages<Link> {
  return matchesFilter(link, filter) && (!othersLink || filter.folder === link.folderId)
    ? upsertInPages(data, link, filter.sort ? ORDERS[filter.sort] : compareNewestFirst)
    : removeFromPages(data, link.id);
}

export function flattenPages<T>(data: Pages<T> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
