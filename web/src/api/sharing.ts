import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Folder, type FolderMember, type MemberRole, routes } from '../../../contracts/index.js';
import { api } from './client';
import { fail } from './library';
import { invalidateCounts, libraryKeys } from './linkCache';

/** Shared folders (API.md "Sharing and insights"), from the web app's side. */

/** Under the library's keys, so that signing out and the stream's `links-changed` clear them with the rest. */
const membersKey = (folderId: string) => ['library', 'members', folderId] as const;

/** The stream's `folders` event: who a folder is shared with may have changed too (someone left it). */
export function invalidateMembers(queryClient: QueryClient, folderId: string): void {
  void queryClient.invalidateQueries({ queryKey: membersKey(folderId) });
}

export function useFolderMembers(folderId: string | null) {
  return useQuery({
    queryKey: membersKey(folderId ?? ''),
    queryFn: async () => (await api.call(routes.listMembers, { params: { id: folderId ?? '' } })).items,
    enabled: folderId !== null,
  });
}

/** The owner's folder is `shared` once it has a member, and not once the last one goes. */
function markShared(queryClient: QueryClient, folderId: string, shared: boolean) {
  queryClient.setQueryData<Folder[]>(libraryKeys.folders, (folders) =>
    folders?.map((folder) => (folder.id === folderId ? { ...folder, shared } : folder)),
  );
}

const sortedByName = (members: FolderMember[]) =>
  [...members].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));

/** Not optimistic: the Share dialog shows the server's refusal (no such account, already a member) inline. */
export function useAddMember(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: MemberRole }) =>
      api.call(routes.addMember, { params: { id: folderId }, body }),
    onSuccess: (member) => {
      queryClient.setQueryData<FolderMember[]>(membersKey(folderId), (members) =>
        sortedByName([...(members ?? []).filter((m) => m.userId !== member.userId), member]),
      );
      markShared(queryClient, folderId, true);
    },
  });
}

export function useUpdateMember(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      api.call(routes.updateMember, { params: { id: folderId, userId }, body: { role } }),
    onSuccess: (member) => {
      queryClient.setQueryData<FolderMember[]>(membersKey(folderId), (members) =>
        members?.map((m) => (m.userId === member.userId ? member : m)),
      );
    },
  });
}

export function useRemoveMember(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.call(routes.removeMember, { params: { id: folderId, userId } }),
    onSuccess: (_answer, userId) => {
      const left = queryClient.setQueryData<FolderMember[]>(membersKey(folderId), (members) =>
        members?.filter((m) => m.userId !== userId),
      );
      if (left?.length === 0) markShared(queryClient, folderId, false);
    },
  });
}

/**
 * A member leaves a folder shared with them (the same DELETE, with their own id): it leaves their list at
 * once; its links, which were never theirs, leave with the lists that are read again.
 */
export function useLeaveFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, userId }: { folder: Folder; userId: string }) =>
      api.call(routes.removeMember, { params: { id: folder.id, userId } }),
    onSuccess: (_answer, { folder }) => {
      queryClient.setQueryData<Folder[]>(libraryKeys.folders, (folders) =>
        folders?.filter((f) => f.id !== folder.id),
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.linkLists });
      invalidateCounts(queryClient);
    },
    onError: fail('Failed to leave the folder. Please try again.'),
  });
}
