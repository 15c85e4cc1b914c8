import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateSnippetBody, downloads, routes } from '../../../contracts/index.js';
import { api } from './client';
import { libraryKeys } from './linkCache';

/** A link's kept page (GET /api/links/:id/content); its text changes only when the page is fetched again. */
export function useLinkContent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...libraryKeys.link(id), 'content'],
    queryFn: () => api.call(routes.getLinkContent, { params: { id } }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The archived copy as a document, fetched with the in-memory token (a frame's own request could not send
 * it) and shown by the caller in a sandboxed frame's srcdoc.
 */
export function useLinkArchive(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...libraryKeys.link(id), 'archive'],
    queryFn: async () => (await api.download(downloads.linkArchive, { params: { id } })).blob.text(),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const linkSnippetsKey = (linkId: string) => [...libraryKeys.link(linkId), 'snippets'] as const;

/** The snippets taken from one link's page (GET /api/snippets?linkId=), to draw on its reader view. */
export function useLinkSnippets(linkId: string, enabled: boolean) {
  return useQuery({
    queryKey: linkSnippetsKey(linkId),
    queryFn: async () => (await api.call(routes.listSnippets, { query: { linkId, limit: 200 } })).items,
    enabled,
  });
}

/** A highlight made in the reader: a snippet like the extension's, its list and counts refreshed after. */
export function useSaveHighlight(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSnippetBody) => api.call(routes.createSnippet, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: linkSnippetsKey(linkId), exact: true });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.snippets });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.stats });
    },
  });
}
