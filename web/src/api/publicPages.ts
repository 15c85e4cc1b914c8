import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PublicFolder, routes } from '../../../contracts/index.js';
import { api } from './client';

/**
 * A folder's public page (API.md "Sharing and insights"), from its owner's side: whether it has one, and
 * publishing (a new address each time) or revoking it. The address itself is only in the answer to
 * publishing: the server keeps no copy it could show again.
 */
const publicPageKey = (folderId: string) => ['publicPage', folderId] as const;

export function usePublicPage(folderId: string | null) {
  return useQuery({
    queryKey: publicPageKey(folderId ?? ''),
    queryFn: () => api.call(routes.publicFolder, { params: { id: folderId ?? '' } }),
    enabled: folderId !== null,
  });
}

export function usePublishFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: string) => api.call(routes.publishFolder, { params: { id: folderId } }),
    onSuccess: (_answer, folderId) => {
      queryClient.setQueryData<PublicFolder>(publicPageKey(folderId), {
        publishedAt: new Date().toISOString(),
      });
    },
  });
}

export function useUnpublishFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: string) => api.call(routes.unpublishFolder, { params: { id: folderId } }),
    onSuccess: (_answer, folderId) => {
      queryClient.setQueryData<PublicFolder>(publicPageKey(folderId), { publishedAt: null });
    },
  });
}
