import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OAuthConnection, routes } from '../../../contracts/index.js';
import { ApiError, api } from './client';

/**
 * Assistant access from the web app's side (SPEC.md §4 "OAuth flow", §7 "oauth-authorize", and the
 * contract of the server's routes): the three calls of the authorization pages, the public client
 * lookup, and the user's connected apps.
 */

/**
 * The answer of GET and POST /api/oauth-authorize: where the browser goes next. Optional here, as SPEC.md
 * §8 has the pages say so when an answer lacks it.
 */
export interface AuthorizeRedirect {
  redirect_url?: string;
}

/** SPEC.md §7: the decision on the consent screen, sent form-encoded with these field names. */
export interface ConsentDecision {
  action: 'approve' | 'deny';
  client_id: string;
  redirect_uri: string;
  response_type: string;
  code_challenge: string;
  code_challenge_method: string;
  scopes: string[];
  user_id: string;
  remember_consent: boolean;
  state: string | null;
  session_token: string | null;
}

const oauthKeys = {
  client: (clientId: string) => ['oauth', 'client', clientId] as const,
  connections: ['oauth', 'connections'] as const,
};

/** Ties the pending authorization request to the user who just signed in. */
export function attachRequestToUser(sessionToken: string, userId: string): Promise<unknown> {
  return api.call(routes.bindAuthorization, { body: { session_token: sessionToken, user_id: userId } });
}

/** An answer without a redirect_url is no failure: the pages say what SPEC.md §8 has them say. */
async function redirectOf(answer: Promise<AuthorizeRedirect>): Promise<AuthorizeRedirect> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unexpected_answer') return {};
    throw err;
  }
}

/** Asks where the signed-in user's request goes next: the consent screen, or straight back to the client. */
export function resumeAuthorization(sessionToken: string): Promise<AuthorizeRedirect> {
  return redirectOf(api.call(routes.resumeAuthorization, { query: { session_token: sessionToken } }));
}

export function sendConsentDecision(decision: ConsentDecision): Promise<AuthorizeRedirect> {
  const body = {
    ...decision,
    scopes: decision.scopes.join(' '),
    remember_consent: decision.remember_consent ? ('true' as const) : ('false' as const),
    state: decision.state ?? undefined,
    session_token: decision.session_token ?? undefined,
  };
  return redirectOf(api.call(routes.decideAuthorization, { body }));
}

/**
 * The registered client behind a client_id (public, no sign-in needed). The consent screen names the app
 * from here rather than from its own address, which whoever built the link could have written.
 */
export function useOAuthClient(clientId: string | null) {
  return useQuery({
    queryKey: oauthKeys.client(clientId ?? ''),
    queryFn: () => api.call(routes.oauthClient, { params: { clientId: clientId ?? '' } }),
    enabled: Boolean(clientId),
    // An unknown client is an answer, not a hiccup: retrying would only delay the fallback name.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useConnections() {
  return useQuery({
    queryKey: oauthKeys.connections,
    queryFn: async () => (await api.call(routes.listConnections)).items,
  });
}

/**
 * Revokes every token and the remembered consent of one app. The list drops it once the server agrees,
 * and is fetched again either way: a 404 means it was already gone (revoked from another tab).
 */
export function useRevokeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.call(routes.deleteConnection, { params: { clientId } }),
    onSuccess: (_result, clientId) => {
      queryClient.setQueryData<OAuthConnection[]>(oauthKeys.connections, (items) =>
        items?.filter((item) => item.clientId !== clientId),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: oauthKeys.connections }),
  });
}
