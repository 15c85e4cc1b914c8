import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiToken, type TokenScope, routes } from '../../../contracts/index.js';
import { api } from './client';

/** Settings → API tokens (API.md "Accounts, tokens and administration"), from the web app's side. */

const tokensKey = ['account', 'tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: async () => (await api.call(routes.listTokens)).items,
  });
}

/** The answer holds the secret, shown once by the caller; the list (which never holds it) is read again. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: TokenScope[]; expiresInDays?: number }) =>
      api.call(routes.createToken, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.deleteToken, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ApiToken[]>(tokensKey, (items) => items?.filter((item) => item.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
