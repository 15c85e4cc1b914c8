import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../contracts/index.js';
import { api } from './client';
import { fail } from './library';
import { libraryKeys } from './linkCache';

/** SPEC.md §8's way for the tag actions: the failure is logged and said in an alert. */
export const TAG_ALERTS = {
  renameTag: 'Failed to rename tag. Please try again.',
  deleteTag: 'Failed to delete tag. Please try again.',
} as const;

const tagsQuery = queryOptions({
  queryKey: libraryKeys.tags,
  queryFn: async () => (await api.call(routes.listTags)).items,
  staleTime: 30_000,
});

/** GET /api/tags: every tag with its count, most used first (completion, the Tags page). */
export function useTags({ enabled = true } = {}) {
  return useQuery({ ...tagsQuery, enabled });
}

/** A rename or delete touches every link with the tag: every cached list and link is read again. */
function refetchLibrary(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
}

export function useRenameTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      api.call(routes.renameTag, { params: { name }, body: { name: newName } }),
    onError: fail(TAG_ALERTS.renameTag),
    onSettled: () => refetchLibrary(queryClient),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(routes.deleteTag, { params: { name } }),
    onError: fail(TAG_ALERTS.deleteTag),
    onSettled: () => refetchLibrary(queryClient),
  });
}
