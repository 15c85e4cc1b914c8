import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '../../../contracts/index.js';
import { api } from './client';

/** How a visitor gets in (API.md GET /api/auth/options): what the sign-in and sign-up forms offer. */
export function useSignInOptions() {
  return useQuery({ queryKey: ['auth', 'options'], queryFn: () => api.call(routes.signInOptions) });
}

/**
 * A reset link's new password. The server signs the account out everywhere; if that account is the one
 * signed in here, the session is asked for again and found gone, so the page shows the signed-out state.
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => api.call(routes.resetPassword, { body }),
    onSuccess: async () => {
      if (api.current) await api.refresh();
    },
  });
}
