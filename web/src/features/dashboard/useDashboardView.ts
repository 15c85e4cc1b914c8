import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { UNCATEGORIZED } from '../../../../contracts/constants.js';
import { type LinkFilter, prefetchView } from '../../api/library';
import { LINK_PARAM } from '../../../../ui/lib/linkHref';
import { queryProblem } from '../search/queryProblem';
import { tagKey } from '../../../../contracts/tags.js';
import type { LinkSort } from '../../../../contracts/constants.js';
import { storedSort } from '../links/linkDisplay';

/**
 * The dashboard's state lives in the URL so it survives a reload and other screens can link into it:
 * /app (All Links), /app?folder=<id>, /app?view=uncategorized, /app?view=snippets, the reading lists
 * /app?view=unread, /app?view=favorites, /app?view=archive and /app?view=broken, one tag's links
 * /app?tag=<name>, plus ?q=<text>, and ?link=<id> to open one link's details (lib/linkHref.ts).
 */
export type DashboardView =
  | { kind: 'all' }
  | { kind: 'uncategorized' }
  | { kind: 'snippets' }
  | { kind: ReadingList }
  | { kind: 'folder'; folderId: string }
  | { kind: 'tag'; tag: string };

/** The sidebar's reading lists, and which links each shows (API.md "Reading, organising and finding"). */
export const READING_LISTS = {
  unread: { state: 'unread' },
  favorites: { favorite: true },
  archive: { state: 'archived' },
  broken: { availability: 'broken' },
} as const satisfies Record<string, Pick<LinkFilter, 'state' | 'favorite' | 'availability'>>;
export type ReadingList = keyof typeof READING_LISTS;

export const isReadingList = (name: string | null): name is ReadingList =>
  name !== null && Object.hasOwn(READING_LISTS, name);

export function viewHref(view: DashboardView, q = ''): string {
  const params = new URLSearchParams();
  // Every other view is ?view=<its kind> (uncategorized, snippets and the reading lists).
  if (view.kind === 'folder') params.set('folder', view.folderId);
  else if (view.kind === 'tag') params.set('tag', view.tag);
  else if (view.kind !== 'all') params.set('view', view.kind);
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  return query ? `/app?${query}` : '/app';
}

export function sameView(a: DashboardView, b: DashboardView): boolean {
  if (a.kind === 'folder' && b.kind === 'folder') return a.folderId === b.folderId;
  if (a.kind === 'tag' && b.kind === 'tag') return tagKey(a.tag) === tagKey(b.tag);
  return a.kind === b.kind;
}

export function linkFilterOf(view: DashboardView, q: string, sort: LinkSort = 'newest'): LinkFilter {
  const folder =
    view.kind === 'folder' ? view.folderId : view.kind === 'uncategorized' ? 'uncategorized' : 'all';
  return {
    folder,
    q: q.trim(),
    ...(view.kind === 'tag' && { tag: tagKey(view.tag) }),
    ...(sort !== 'newest' && { sort }),
    ...(isReadingList(view.kind) && READING_LISTS[view.kind]),
  };
}

function viewOf(folderId: string | null, viewParam: string | null, tag: string | null): DashboardView {
  if (folderId) return { kind: 'folder', folderId };
  if (tag?.trim()) return { kind: 'tag', tag: tag.trim() };
  if (viewParam === UNCATEGORIZED) return { kind: 'uncategorized' };
  if (viewParam === 'snippets') return { kind: 'snippets' };
  if (isReadingList(viewParam)) return { kind: viewParam };
  return { kind: 'all' };
}

/** Starts the requests of the view a dashboard URL's query names, before the dashboard renders it. */
export function prefetchDashboard(queryClient: QueryClient, search: string): void {
  const params = new URLSearchParams(search);
  const view = viewOf(params.get('folder'), params.get('view'), params.get('tag'));
  const filter = linkFilterOf(view, params.get('q') ?? '', storedSort());
  prefetchView(queryClient, view.kind === 'snippets' ? 'snippets' : queryProblem(filter.q) ? null : filter);
}

export function useDashboardView() {
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const viewParam = params.get('view');
  const tag = params.get('tag');
  const q = params.get('q') ?? '';

  const view = useMemo(() => viewOf(folderId, viewParam, tag), [folderId, viewParam, tag]);

  /** Typing in the filter replaces the history entry rather than adding one per keystroke. */
  const setQuery = useCallback(
    (next: string) => {
      setParams(
        (previous) => {
          const copy = new URLSearchParams(previous);
          if (next.trim()) copy.set('q', next.trim());
          else copy.delete('q');
          return copy;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const forgetLinkToOpen = useCallback(() => {
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.delete(LINK_PARAM);
        return copy;
      },
      { replace: true },
    );
  }, [setParams]);

  return { view, q: q.trim(), setQuery, linkToOpen: params.get(LINK_PARAM), forgetLinkToOpen };
}
