import {
  type InfiniteData,
  type Query,
  type QueryClient,
  type QueryKey,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateFolderBody,
  type CreateLinkBody,
  type Folder,
  type Link,
  type CallInput,
  type Snippet,
  type Stats,
  type UpdateFolderBody,
  type UpdateLinkBody,
  alreadySavedSchema,
  routes,
} from '../../../contracts/index.js';
import { mergeTags } from '../../../contracts/tags.js';
import { type LinkFilter, type Page, mapInPages, removeFromPages } from '../lib/linkPages';
import { ApiError, api } from './client';
import {
  filterOf,
  findCachedLink,
  invalidateCounts,
  libraryKeys,
  placeInCaches,
  removeFromCaches,
  setLinkStatus,
} from './linkCache';
import { linkNews, newerOf, placeAnswer, withMark } from './linkNews';

/**
 * The library's server state (folders, links, snippets, counts) as TanStack Query hooks, on the caches of
 * linkCache.ts; what the event stream says of links, and the answers that race it, in linkNews.ts.
 */

export type { LinkFilter } from '../lib/linkPages';

/** SPEC.md §8: the browser alerts shown when a data action fails. */
export const ALERTS = {
  addLink: 'Failed to add link. Please try again.',
  updateLink: 'Failed to update link. Please try again.',
  moveLink: 'Failed to move link. Please try again.',
  deleteLink: 'Failed to delete link. Please try again.',
  createFolder: 'Failed to create folder. Please try again.',
  updateFolder: 'Failed to update folder. Please try again.',
  deleteFolder: 'Failed to delete folder. Please try again.',
  deleteSnippet: 'Failed to delete snippet. Please try again.',
  updateNote: 'Failed to update note. Please try again.',
  retryEnrichment: 'Failed to retry enrichment. Please try again.',
} as const;

/**
 * API.md "Normalized URL": the link already saved for a page, when saving it answered 409 `conflict`
 * with that link in `details.link`; null for any other error.
 */
export function alreadySavedLink(error: unknown): Link | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'conflict') return null;
  const details = alreadySavedSchema.shape.error.shape.details.safeParse(error.details);
  return details.success ? details.data.link : null;
}

/** SPEC.md §8: action errors are logged and the caller shows the alert. */
export function fail(message: string) {
  return (error: unknown) => {
    console.error(message, error);
    window.alert(message);
  };
}

const LINKS_PAGE_SIZE = 100;
const SNIPPETS_PAGE_SIZE = 100;

type SnippetPages = InfiniteData<Page<Snippet>, string | null>;

// ---------------------------------------------------------------------------------------------- reads

const foldersQuery = queryOptions({
  queryKey: libraryKeys.folders,
  queryFn: async () => (await api.call(routes.listFolders)).items,
});

const statsQuery = queryOptions({ queryKey: libraryKeys.stats, queryFn: () => api.call(routes.stats) });

function linksQueryOf(
  filter: LinkFilter,
  cursor: string | null,
): CallInput<typeof routes.listLinks>['query'] {
  return {
    limit: LINKS_PAGE_SIZE,
    ...(filter.folder !== 'all' && { folderId: filter.folder }),
    ...(filter.q.trim() && { q: filter.q.trim() }),
    ...(filter.tag && { tag: filter.tag }),
    ...(filter.sort && { sort: filter.sort }),
    ...(filter.state && { state: filter.state }),
    ...(filter.favorite !== undefined && { favorite: String(filter.favorite) }),
    ...(filter.availability && { availability: filter.availability }),
    ...(cursor && { cursor }),
  };
}

const linksQuery = (filter: LinkFilter) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.links(filter),
    queryFn: ({ pageParam, client }) =>
      withMark(client, async (mark) => {
        const page = await api.call(routes.listLinks, { query: linksQueryOf(filter, pageParam) });
        return { ...page, items: page.items.flatMap((link) => newerOf(client, link, mark) ?? []) };
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

const snippetsQuery = infiniteQueryOptions({
  queryKey: libraryKeys.snippets,
  queryFn: ({ pageParam }) =>
    api.call(routes.listSnippets, {
      query: { limit: SNIPPETS_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useFolders() {
  return useQuery(foldersQuery);
}

export function useStats() {
  return useQuery(statsQuery);
}

/**
 * One list of links, newest first, paged with the API's cursor (fetchNextPage loads the next page).
 * While the filter text changes, the previous results stay on screen until the new ones arrive. Not
 * `enabled`: nothing is asked (a filter the API would refuse).
 */
export function useLinks(filter: LinkFilter, { enabled = true } = {}) {
  return useInfiniteQuery({ ...linksQuery(filter), placeholderData: keepPreviousData, enabled });
}

export function useSnippets() {
  return useInfiniteQuery(snippetsQuery);
}

/**
 * Starts what a dashboard view shows (its list, the folders and the counts) before the dashboard has
 * rendered, so that its first paint does not wait for a request it could have made earlier (the
 * first-view budget). The view's hooks pick up the same queries, in flight or done. A null list: none
 * to ask for (a filter the API would refuse).
 */
export function prefetchView(queryClient: QueryClient, list: LinkFilter | 'snippets' | null): void {
  void queryClient.prefetchQuery(foldersQuery);
  void queryClient.prefetchQuery(statsQuery);
  if (list === 'snippets') void queryClient.prefetchInfiniteQuery(snippetsQuery);
  else if (list) void queryClient.prefetchInfiniteQuery(linksQuery(list));
}

/** One link, seeded from the cached lists and refreshed from GET /api/links/:id. */
export function useLink(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: libraryKeys.link(id ?? ''),
    queryFn: ({ client }) =>
      withMark(client, async (mark) => {
        const link = await api.call(routes.getLink, { params: { id: id ?? '' } });
        return newerOf(client, link, mark) ?? link;
      }),
    enabled: id !== null,
    initialData: () => (id ? findCachedLink(queryClient, id) : undefined),
    initialDataUpdatedAt: 0,
  });
}

// ------------------------------------------------------------------------------------- counts

/** Optimistic counts: a link leaves `from` and enters `to` (undefined = no list: added or deleted). */
function shiftCounts(
  queryClient: QueryClient,
  from: string | null | undefined,
  to: string | null | undefined,
) {
  queryClient.setQueryData<Stats>(libraryKeys.stats, (stats) => {
    if (!stats) return stats;
    const folders = { ...stats.folders };
    let { links, uncategorized } = stats;
    if (from === undefined) links += 1;
    if (to === undefined) links -= 1;
    if (from === null) uncategorized -= 1;
    if (to === null) uncategorized += 1;
    if (from) folders[from] = Math.max(0, (folders[from] ?? 1) - 1);
    if (to) folders[to] = (folders[to] ?? 0) + 1;
    return { ...stats, links: Math.max(0, links), uncategorized: Math.max(0, uncategorized), folders };
  });
}

type Snapshot = [QueryKey, unknown][];

/** Stops refetches that would overwrite an optimistic change, and remembers the library for rollback. */
async function snapshot(queryClient: QueryClient): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: libraryKeys.all });
  return queryClient.getQueriesData({ queryKey: libraryKeys.all });
}

function rollback(queryClient: QueryClient, saved: Snapshot | undefined) {
  for (const [key, data] of saved ?? []) queryClient.setQueryData(key, data);
}

// ------------------------------------------------------------------------------------ link writes

/** Saves a link; a page already saved is no failure (no alert): the caller offers it (alreadySavedLink). */
export function useAddLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLinkBody) => api.call(routes.createLink, { body }),
    onMutate: () => ({ mark: linkNews(queryClient).begin() }),
    onSuccess: (link, _body, context) => {
      // The stream, when it has brought the link first, has also asked for fresh counts.
      if (placeAnswer(queryClient, link, context.mark)) shiftCounts(queryClient, undefined, link.folderId);
    },
    onError: (error) => {
      if (!alreadySavedLink(error)) fail(ALERTS.addLink)(error);
    },
    onSettled: (_link, _error, _body, context) => {
      if (context) linkNews(queryClient).end(context.mark);
      invalidateCounts(queryClient);
    },
  });
}

interface LinkChange {
  link: Link;
  changes: UpdateLinkBody;
}

/** Edit and move are the same PATCH; they differ in the alert a failure shows (SPEC.md §8). */
function useOptimisticLinkPatch(alert: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ link, changes }: LinkChange) =>
      api.call(routes.updateLink, { params: { id: link.id }, body: changes }),
    onMutate: async ({ link, changes }: LinkChange) => {
      const mark = linkNews(queryClient).begin();
      const saved = await snapshot(queryClient);
      const optimistic: Link = {
        ...link,
        ...(changes.url !== undefined && { url: changes.url }),
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.description !== undefined && { description: changes.description || null }),
        // A link its person moves needs no folder suggested any more (the server clears it too).
        ...(changes.folderId !== undefined && { folderId: changes.folderId, suggestedFolderId: null }),
        ...(changes.state !== undefined && { state: changes.state }),
        ...(changes.favorite !== undefined && { favorite: changes.favorite }),
        ...(changes.readingProgress !== undefined && { readingProgress: changes.readingProgress }),
        ...(changes.tags !== undefined && { tags: mergeTags([], changes.tags) }),
      };
      placeInCaches(queryClient, optimistic);
      if (optimistic.folderId !== link.folderId) shiftCounts(queryClient, link.folderId, optimistic.folderId);
      return { saved, mark };
    },
    onError: (error, _vars, context) => {
      rollback(queryClient, context?.saved);
      fail(alert)(error);
    },
    onSuccess: (link, _vars, context) => {
      placeAnswer(queryClient, link, context.mark);
    },
    onSettled: (_data, _error, { link, changes }, context) => {
      if (context) linkNews(queryClient).end(context.mark);
      if (changes.folderId !== undefined && changes.folderId !== link.folderId) invalidateCounts(queryClient);
      if (changes.tags !== undefined) void queryClient.invalidateQueries({ queryKey: libraryKeys.tags });
    },
  });
}

/** Edit Link: url, title, description, folder and tags; optimistic, rolled back with the alert on failure. */
export function useUpdateLink() {
  return useOptimisticLinkPatch(ALERTS.updateLink);
}

/** Reading marks (state, favourite, progress): optimistic, so a card leaves Unread as it is archived. */
export function useMarkLink() {
  return useOptimisticLinkPatch(ALERTS.updateLink);
}

/** Move Link: choosing the link's current folder does nothing (SPEC.md §4). */
export function useMoveLink() {
  const mutation = useOptimisticLinkPatch(ALERTS.moveLink);
  const move = (link: Link, folderId: string | null) => {
    if (link.folderId === folderId) return;
    mutation.mutate({ link, changes: { folderId } });
  };
  return { ...mutation, move };
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: Link) => api.call(routes.deleteLink, { params: { id: link.id } }),
    onMutate: async (link: Link) => {
      const saved = await snapshot(queryClient);
      removeFromCaches(queryClient, link.id);
      shiftCounts(queryClient, link.folderId, undefined);
      return { saved };
    },
    onError: (error, _link, context) => {
      rollback(queryClient, context?.saved);
      fail(ALERTS.deleteLink)(error);
    },
    onSettled: () => invalidateCounts(queryClient),
  });
}

/** POST /api/links/:id/enrich: queues enrichment again; the card shows Queued at once. */
export function useRetryEnrichment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: Link) => api.call(routes.enrichLink, { params: { id: link.id } }),
    onMutate: () => ({ mark: linkNews(queryClient).begin() }),
    onSuccess: (_data, link, context) => {
      if (!linkNews(queryClient).since(link.id, context.mark)) setLinkStatus(queryClient, link.id, 'queued');
    },
    onError: fail(ALERTS.retryEnrichment),
    onSettled: (_data, _error, _link, context) => {
      if (context) linkNews(queryClient).end(context.mark);
    },
  });
}

// ---------------------------------------------------------------------------------- folder writes

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFolderBody) => api.call(routes.createFolder, { body }),
    onSuccess: (folder) => {
      queryClient.setQueryData<Folder[]>(libraryKeys.folders, (folders) =>
        folders && !folders.some((f) => f.id === folder.id) ? [...folders, folder] : folders,
      );
    },
    onError: fail(ALERTS.createFolder),
    onSettled: () => invalidateCounts(queryClient),
  });
}

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateFolderBody }) =>
      api.call(routes.updateFolder, { params: { id }, body: changes }),
    onSuccess: (folder) => {
      queryClient.setQueryData<Folder[]>(libraryKeys.folders, (folders) =>
        folders?.map((f) => (f.id === folder.id ? folder : f)),
      );
    },
    onError: fail(ALERTS.updateFolder),
    onSettled: () => invalidateCounts(queryClient),
  });
}

/**
 * SPEC.md §4: deleting a folder makes its links uncategorized; every other list and the counts are
 * refetched. The folder's own lists are not: the folder is gone (its links would answer 404), and the
 * dashboard leaves it. They are not removed either while shown, since a shown query that is removed is
 * built and fetched again at the next render; unused, they are dropped as any query is.
 */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folder: Folder) => api.call(routes.deleteFolder, { params: { id: folder.id } }),
    onSuccess: (_data, folder) => {
      queryClient.setQueryData<Folder[]>(libraryKeys.folders, (folders) =>
        folders?.filter((f) => f.id !== folder.id),
      );
      const ofFolder = (query: Query) => filterOf(query.queryKey).folder === folder.id;
      void queryClient.cancelQueries({ queryKey: libraryKeys.linkLists, predicate: ofFolder });
      void queryClient.invalidateQueries({
        queryKey: libraryKeys.linkLists,
        predicate: (query) => !ofFolder(query),
      });
      void queryClient.invalidateQueries({ queryKey: ['library', 'link'] });
    },
    onError: fail(ALERTS.deleteFolder),
    onSettled: () => invalidateCounts(queryClient),
  });
}

// --------------------------------------------------------------------------------- snippet writes

function setSnippetCount(queryClient: QueryClient, linkId: string | null, delta: number) {
  if (!linkId) return;
  const link = findCachedLink(queryClient, linkId);
  if (link) placeInCaches(queryClient, { ...link, snippetCount: Math.max(0, link.snippetCount + delta) });
}

/** Saves a snippet's note. Not optimistic: the Snippet Details panel shows saving, saved and error itself. */
export function useUpdateSnippetNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ snippet, note }: { snippet: Snippet; note: string | null }) =>
      api.call(routes.updateSnippet, { params: { id: snippet.id }, body: { note } }),
    onSuccess: (snippet) => {
      queryClient.setQueryData<SnippetPages>(
        libraryKeys.snippets,
        (data) => data && (mapInPages(data, snippet.id, () => snippet) as SnippetPages),
      );
    },
    onError: fail(ALERTS.updateNote),
  });
}

export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (snippet: Snippet) => api.call(routes.deleteSnippet, { params: { id: snippet.id } }),
    onMutate: async (snippet: Snippet) => {
      const saved = await snapshot(queryClient);
      queryClient.setQueryData<SnippetPages>(
        libraryKeys.snippets,
        (data) => data && (removeFromPages(data, snippet.id) as SnippetPages),
      );
      queryClient.setQueryData<Stats>(libraryKeys.stats, (stats) =>
        stats ? { ...stats, snippets: Math.max(0, stats.snippets - 1) } : stats,
      );
      setSnippetCount(queryClient, snippet.linkId, -1);
      return { saved };
    },
    onError: (error, _snippet, context) => {
      rollback(queryClient, context?.saved);
      fail(ALERTS.deleteSnippet)(error);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.stats }),
  });
}
