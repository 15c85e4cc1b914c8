import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OAuthScope } from '../../contracts/index.js';
import type { Principal } from '../accounts/accounts.service.js';
import { AppError, unauthenticated } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The route never reads credentials (health checks), so no token lookup runs for it. */
    anonymous?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export const bearerTokenOf = (request: FastifyRequest): string | undefined =>
  BEARER.exec(request.headers.authorization ?? '')?.[1];

/** Resolves `Authorization: Bearer` on every request; routes then demand what they need with requireAuth. */
export function installAuthentication(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<Principal | null>,
): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.anonymous) return;
    const token = bearerTokenOf(request);
    request.principal = token ? await authenticate(token) : null;
  });
}

/**
 * What a personal API token holds (contracts TOKEN_SCOPES): library:read every GET of the library,
 * library:write its changes too. An assistant's OAuth token holds OAuthScopes.
 */
export type LibraryScope = 'library:read' | 'library:write';
export type Scope = OAuthScope | LibraryScope;

/**
 * A route onRequest hook: the request must carry a valid token. The user's own session tokens reach every
 * route. Another token reaches a route only when it names a scope the token holds: an assistant's OAuth
 * token the read routes of its scopes (API.md "Assistant access"), a personal API token the library's
 * routes ('library:read', 'library:write', and the assistants' read routes with library:read). A route
 * that names none (account, tokens, admin, consent) is a session's alone. It runs after the app-wide hook
 * above and before the body is read or validated, so an anonymous request gets 401 whatever it sends
 * (API.md: "on every data route").
 */
export const requireAuth =
  (scope?: Scope) =>
  (request: FastifyRequest): Promise<void> => {
    const principal = request.principal;
    if (!principal) return Promise.reject(unauthenticated());
    if (principal.scopes !== null && (!scope || !holdsScope(principal, scope))) {
      const needed = scope ? `the ${scope} scope` : 'a signed-in session';
      return Promise.reject(new AppError(403, 'insufficient_scope', `This action needs ${needed}`));
    }
    return Promise.resolve();
  };

/** The person's session from the refresh cookie, or null (accounts.service.ts authenticateRefreshToken). */
export type SessionCookieAuthenticator = (request: FastifyRequest) => Promise<Principal | null>;

/**
 * A route onRequest hook, before requireAuth, for what the browser loads by itself (an EventSource, an
 * <img>): no Authorization header can be set there, so the refresh cookie stands in for the bearer token
 * (API.md "Realtime"). The cookie is SameSite=Strict with path /api, and these routes only read.
 */
export const acceptSessionCookie =
  (fromCookie: SessionCookieAuthenticator) =>
  async (request: FastifyRequest): Promise<void> => {
    request.principal ??= await fromCookie(request);
  };

/**
 * The user's own session holds every scope; another token those it was granted, and a personal token that
 * reads the library also what an assistant's read scopes read.
 */
export const holdsScope = (principal: Principal, scope: Scope): boolean =>
  principal.scopes === null ||
  principal.scopes.includes(scope) ||
  (scope.startsWith('read:') && principal.scopes.includes('library:read'));

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

export const userIdOf = (request: FastifyRequest): string => principalOf(request).userId;
