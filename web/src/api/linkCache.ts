import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Folder, Link } from '../../../contracts/index.js';
import { type LinkFilter, type Page, findInPages, placeLink, removeFromPages } from '../lib/linkPages';

/**
 * The library's query keys and the cached links: where a link is found, placed and removed in every list
 * and detail at once. Every key starts with 'library' so that one invalidation or one snapshot covers all.
 */

export const libraryKeys = {
  all: ['library'] as const,
  folders: ['library', 'folders'] as const,
  stats: ['library', 'stats'] as const,
  linkLists: ['library', 'links'] as const,
  links: (filter: LinkFilter) => ['library', 'links', filter] as const,
  link: (id: string) => ['library', 'link', id] as const,
  snippets: ['library', 'snippets'] as const,
  tags: ['library', 'tags'] as const,
  insights: (week: string, timeZone: string) => ['library', 'insights', week, timeZone] as const,
};

export type LinkPages = InfiniteData<Page<Link>, string | null>;

/** What a link list's key shows (libraryKeys.links). */
export function filterOf(key: QueryKey): LinkFilter {
  return key[2] as LinkFilter;
}

/** Finds a link in whatever list already holds it, so a panel can open without waiting for the network. */
export function findCachedLink(queryClient: QueryClient, id: string): Link | undefined {
  const single = queryClient.getQueryData<Link>(libraryKeys.link(id));
  if (single) return single;
  for (const [, data] of queryClient.getQueriesData<LinkPages>({ queryKey: libraryKeys.linkLists })) {
    const found = findInPages(data, id);
    if (found) return found;
  }
  return undefined;
}

/** What placing a link found before: whether any cache held it, and in another folder. */
export interface Placed {
  known: boolean;
  folderChanged: boolean;
}

/** Whether a link sits in a folder someone else shares with the person (not theirs: see placeLink). */
function isOthersLink(queryClient: QueryClient, link: Link): boolean {
  if (!link.shared || !link.folderId) return false;
  const folder = queryClient.getQueryData<Folder[]>(libraryKeys.folders)?.find((f) => f.id === link.folderId);
  return folder !== undefined && folder.role !== 'owner';
}

/** Places a link in every cached list (in or out of each by its filter); reports what it found before. */
export function placeInCaches(queryClient: QueryClient, link: Link): Placed {
  let known = false;
  let folderChanged = false;
  const othersLink = isOthersLink(queryClient, link);
  for (const [key, data] of queryClient.getQueriesData<LinkPages>({ queryKey: libraryKeys.linkLists })) {
    if (!data) continue;
    const previous = findInPages(data, link.id);
    if (previous) {
      known = true;
      if (previous.folderId !== link.folderId) folderChanged = true;
    }
    queryClient.setQueryData<LinkPages>(key, placeLink(data, filterOf(key), link, othersLink) as LinkPages);
  }
  const single = queryClient.getQueryData<Link>(libraryKeys.link(link.id));
  if (single) {
    known = true;
    if (single.folderId !== link.folderId) folderChanged = true;
    queryClient.setQueryData(libraryKeys.link(link.id), link);
  }
  return { known, folderChanged };
}

export function removeFromCaches(queryClient: QueryClient, id: string): Link | undefined {
  let removed: Link | undefined;
  for (const [key, data] of queryClient.getQueriesData<LinkPages>({ queryKey: libraryKeys.linkLists })) {
    if (!data) continue;
    removed ??= findInPages(data, id);
    queryClient.setQueryData<LinkPages>(key, removeFromPages(data, id) as LinkPages);
  }
  queryClient.removeQueries({ queryKey: libraryKeys.link(id), exact: true });
  return removed;
}

/** Sets only the enrichment status of a cached link. */
export function setLinkStatus(queryClient: QueryClient, id: string, status: Link['enrichmentStatus']) {
  const existing = findCachedLink(queryClient, id);
  if (existing && existing.enrichmentStatus !== status) {
    placeInCaches(queryClient, { ...existing, enrichmentStatus: status });
  }
}

export function invalidateCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: libraryKeys.stats });
  void queryClient.invalidateQueries({ queryKey: libraryKeys.folders });
}

/** Counts are refetched when a placed link was new to this tab or changed folder. */
export function countPlaced(queryClient: QueryClient, placed: Placed | null) {
  if (placed && (!placed.known || placed.folderChanged)) invalidateCounts(queryClient);
}
