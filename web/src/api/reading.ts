import { useQuery } from '@tanstack/react-query';
import { downloads, routes } from '../../../contracts/index.js';
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
