import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  type RefreshBody,
  type Session,
  errorSchema,
  loginBody,
  refreshBody,
  sessionSchema,
  signupBody,
  userSchema,
} from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { unauthenticated } from '../http/errors.js';
import { crossOriginRefused, isOwnOrigin } from '../http/same-origin.js';
import type { AccountsService } from './accounts.service.js';

export const REFRESH_COOKIE = 'lv_refresh';
/** /api, not /api/auth: the events stream (GET /api/events) authenticates with this cookie too (API.md). */
const COOKIE_PATH = '/api';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

export function registerAccountRoutes(
  parent: FastifyInstance,
  accounts: AccountsService,
  options: { secureCookies: boolean; publicUrl: string },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /** API.md: the browser keeps the refresh token in an httpOnly, SameSite=Strict cookie. */
  const withCookie = (reply: FastifyReply, session: Session) =>
    reply.setCookie(REFRESH_COOKIE, session.refresh_token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      path: COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });

  app.post(
    '/api/auth/signup',
    { schema: { tags: ['accounts'], body: signupBody, response: { 201: sessionSchema, ...errors } } },
    async (request, reply) => {
      const session = await accounts.signup(request.body, request.ip);
      return withCookie(reply, session).code(201).send(session);
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags: ['accounts'], body: loginBody, response: { 200: sessionSchema, ...errors } } },
    async (request, reply) => {
      const session = await accounts.login(request.body, request.ip);
      return withCookie(reply, session).send(session);
    },
  );

  /** The refresh token in the body, else the cookie's when the call comes from the app's own origin. */
  const refreshTokenOf = (request: FastifyRequest, body: RefreshBody) => {
    if (body?.refresh_token) return body.refresh_token;
    const cookie = request.cookies[REFRESH_COOKIE];
    if (cookie !== undefined && !isOwnOrigin(request, options.publicUrl)) throw crossOriginRefused();
    return cookie;
  };

  app.post(
    '/api/auth/refresh',
    { schema: { tags: ['accounts'], body: refreshBody, response: { 200: sessionSchema, ...errors } } },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body);
      if (!token) throw unauthenticated();
      const session = await accounts.refresh(token);
      return withCookie(reply, session).send(session);
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['accounts'], body: refreshBody, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.logout(request.principal, refreshTokenOf(request, request.body));
      return reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH }).code(204).send(null);
    },
  );

  app.get(
    '/api/auth/user',
    { onRequest: requireAuth(), schema: { tags: ['accounts'], response: { 200: userSchema, ...errors } } },
    async (request) => accounts.currentUser(userIdOf(request)),
  );
}
