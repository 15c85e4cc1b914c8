import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, type SignupMode, type UserRole, routes } from '../../../contracts/index.js';
import { api } from './client';

/** Admin (API.md "Accounts, tokens and administration"), from the web app's side. */

const usersKey = ['admin', 'users'] as const;
const settingsKey = ['admin', 'settings'] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: async () => (await api.call(routes.adminUsers)).items,
  });
}

const replaceUser = (items: AdminUser[] | undefined, user: AdminUser) =>
  items?.map((item) => (item.id === user.id ? user : item));

/**
 * A role or the disabled flag. An admin who makes themselves a user (another admin remaining) loses this
 * page at once: the signed-in user takes the new role, as after a profile change.
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: { role?: UserRole; disabled?: boolean } }) =>
      api.call(routes.updateAdminUser, { params: { id }, body: changes }),
    onSuccess: (user) => {
      queryClient.setQueryData<AdminUser[]>(usersKey, (items) => replaceUser(items, user));
      const session = api.current;
      if (session?.user.id === user.id) {
        api.setSession({
          ...session,
          user: { id: user.id, email: user.email, name: user.name, role: user.role },
        });
      }
    },
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.deleteAdminUser, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<AdminUser[]>(usersKey, (items) => items?.filter((item) => item.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** The answer is the link, shown once by the caller: the server keeps only its hash. */
export function useCreateInvite() {
  return useMutation({ mutationFn: () => api.call(routes.createInvite) });
}

export function useCreatePasswordReset() {
  return useMutation({
    mutationFn: (id: string) => api.call(routes.createPasswordReset, { params: { id } }),
  });
}

export function useInstanceSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.call(routes.instanceSettings) });
}

export function useUpdateInstanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signups: SignupMode) => api.call(routes.updateInstanceSettings, { body: { signups } }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
