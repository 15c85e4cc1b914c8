import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AccountSession, routes } from '../../../contracts/index.js';
import { api } from './client';

/** Settings → Account (API.md "Accounts, tokens and administration"), from the web app's side. */

const sessionsKey = ['account', 'sessions'] as const;

/** The new name or e-mail, and the signed-in user as the server now has them (SPEC.md §4: "user updated"). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (changes: { name?: string; email?: string }) =>
      api.call(routes.updateUser, { body: changes }),
    onSuccess: (user) => {
      const session = api.current;
      if (session) api.setSession({ ...session, user });
    },
  });
}

/** The server signs every other session out: the list of sessions is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.call(routes.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api.call(routes.listSessions)).items,
  });
}

/** Signs one session out; the list drops it at once, and is read again either way. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.endSession, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<AccountSession[]>(sessionsKey, (items) =>
        items?.filter((item) => item.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Once the account is gone, so is the session: the app shows the signed-out pages. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.call(routes.deleteAccount, { body: { password } }),
    onSuccess: () => api.setSession(null),
  });
}
