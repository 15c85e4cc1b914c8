import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  type RefreshBody,
  SESSION_HINT_COOKIE,
  SESSION_PROBE_HEADER,
  type Session,
  errorSchema,
  routes,
} from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { AppError, unauthenticated } from '../http/errors.js';
import { crossOriginRefused, isOwnOrigin } from '../http/same-origin.js';
import type { OidcConfig } from '../config.js';
import type { AccountsService, Client } from './accounts.service.js';
import type { Admission } from './admission.js';

export const REFRESH_COOKIE = 'lv_refresh';

/** /api, not /api/auth: the events stream (GET /api/events) authenticates with this cookie too (API.md). */
const COOKIE_PATH = '/api';

/** The browser's session cookies gone: signed out, or its account deleted. */
export const clearSessionCookies = (reply: FastifyReply): FastifyReply =>
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH }).clearCookie(SESSION_HINT_COOKIE, { path: '/' });

/**
 * API.md: the browser keeps the refresh token in an httpOnly, SameSite=Strict cookie; beside it, for as
 * long, the session hint pages can read (path /: a page reads only cookies whose path covers its own).
 */
export function setSessionCookies(reply: FastifyReply, session: Session, secure: boolean): FastifyReply {
  const cookie = { sameSite: 'strict', secure, maxAge: REFRESH_TOKEN_TTL_SECONDS } as const;
  return reply
    .setCookie(REFRESH_COOKIE, session.refresh_token, { ...cookie, httpOnly: true, path: COOKIE_PATH })
    .setCookie(SESSION_HINT_COOKIE, '1', { ...cookie, httpOnly: false, path: '/' });
}

export const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

const doc = {
  errors: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema },
  tags: ['accounts'],
};

export function registerAccountRoutes(
  parent: FastifyInstance,
  accounts: AccountsService,
  admission: Admission,
  options: { secureCookies: boolean; publicUrl: string; oidc: OidcConfig | null },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  const withCookie = (reply: FastifyReply, session: Session) =>
    setSessionCookies(reply, session, options.secureCookies);

  app.route({
    ...endpoint(routes.signup, doc),
    handler: async (request, reply) => {
      const session = await accounts.signup(request.body, clientOf(request));
      return withCookie(reply, session).code(201).send(session);
    },
  });

  app.route({
    ...endpoint(routes.login, doc),
    handler: async (request, reply) => {
      const session = await accounts.login(request.body, clientOf(request));
      return withCookie(reply, session).send(session);
    },
  });

  /** The refresh token in the body, else the cookie's when the call comes from the app's own origin. */
  const refreshTokenOf = (request: FastifyRequest, body: RefreshBody) => {
    if (body?.refresh_token) return body.refresh_token;
    const cookie = request.cookies[REFRESH_COOKIE];
    if (cookie !== undefined && !isOwnOrigin(request, options.publicUrl)) {
      throw crossOriginRefused(request, options.publicUrl);
    }
    return cookie;
  };

  app.route({
    ...endpoint(routes.refresh, doc),
    handler: async (request, reply) => {
      const token = refreshTokenOf(request, request.body);
      // A page asking whether it has a session learns it has none without a failed request.
      if (!token && request.headers[SESSION_PROBE_HEADER] === '1') {
        return reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' }).code(204).send(null);
      }
      try {
        if (!token) throw unauthenticated();
        const session = await accounts.refresh(token);
        return withCookie(reply, session).send(session);
      } catch (err) {
        // The cookie's session is over (none, expired, revoked): the page stops asking for one. A token sent
        // in the body (the extension, a script) says nothing of the cookie's.
        const cookieSpent = !request.body?.refresh_token;
        if (cookieSpent && err instanceof AppError && err.status === 401) {
          reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
        }
        throw err;
      }
    },
  });

  app.route({
    ...endpoint(routes.logout, doc),
    handler: async (request, reply) => {
      await accounts.logout(request.principal, refreshTokenOf(request, request.body));
      return clearSessionCookies(reply).code(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.signInOptions, doc),
    handler: async () => ({
      ...(await admission.options()),
      oidc: options.oidc !== null,
      passwordSignIn: !options.oidc?.only,
    }),
  });

  app.route({
    ...endpoint(routes.resetPassword, doc),
    handler: async (request, reply) => {
      await accounts.resetPassword(request.body.token, request.body.newPassword, clientOf(request));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.user, doc),
    onRequest: requireAuth(),
    handler: async (request) => accounts.currentUser(userIdOf(request)),
  });
}
