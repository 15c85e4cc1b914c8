import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindAuthorizationBody,
  clientIdParams,
  decideAuthorizationBody,
  oauthClientSchema,
  oauthConnectionSchema,
  redirectResponse,
  resumeAuthorizationQuery,
} from '../../contracts/index.js';
import { principalOf, requireAuth, userIdOf } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { dataRouteErrors } from '../http/route-errors.js';
import { type OAuthDeps, noStore } from './oauth.routes.js';

/** Only the user's own session, never an assistant's token, may approve assistants (requireAuth() with no scope). */
const userSession = requireAuth();

/**
 * The calls of the /oauth/login, /oauth/resume and /oauth/consent pages (SPEC.md §7 "oauth-authorize") and
 * of the connected-apps settings. API.md's error shape; the consent decision arrives form-encoded.
 */
export async function registerConsentRoutes(parent: FastifyInstance, deps: OAuthDeps): Promise<void> {
  const { clients, authorization, tokens } = deps;
  await parent.register(async (scope) => {
    await scope.register(fastifyFormbody);
    scope.addHook('onRequest', noStore);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['oauth'];

    app.patch(
      '/api/oauth-authorize',
      {
        onRequest: userSession,
        schema: {
          tags,
          body: bindAuthorizationBody,
          response: { 200: z.object({ ok: z.boolean() }), ...dataRouteErrors },
        },
      },
      async (request) => {
        await authorization.bind(principalOf(request), request.body.session_token, request.body.user_id);
        return { ok: true };
      },
    );

    app.get(
      '/api/oauth-authorize',
      {
        onRequest: userSession,
        schema: {
          tags,
          querystring: resumeAuthorizationQuery,
          response: { 200: redirectResponse, ...dataRouteErrors },
        },
      },
      async (request) => ({
        redirect_url: await authorization.resume(principalOf(request), request.query.session_token),
      }),
    );

    app.post(
      '/api/oauth-authorize',
      {
        onRequest: userSession,
        schema: {
          tags,
          body: decideAuthorizationBody,
          response: { 200: redirectResponse, ...dataRouteErrors },
        },
      },
      async (request) => ({
        redirect_url: await authorization.decide(principalOf(request), request.body),
      }),
    );

    app.get(
      '/api/oauth/clients/:clientId',
      { schema: { tags, params: clientIdParams, response: { 200: oauthClientSchema, ...dataRouteErrors } } },
      async (request) => {
        const client = await clients.describe(request.params.clientId);
        if (!client) throw notFound('Application');
        return client;
      },
    );

    app.get(
      '/api/oauth/connections',
      {
        onRequest: userSession,
        schema: {
          tags,
          response: { 200: z.object({ items: z.array(oauthConnectionSchema) }), ...dataRouteErrors },
        },
      },
      async (request) => ({ items: await tokens.connections(userIdOf(request)) }),
    );

    app.delete(
      '/api/oauth/connections/:clientId',
      {
        onRequest: userSession,
        schema: { tags, params: clientIdParams, response: { 204: z.null(), ...dataRouteErrors } },
      },
      async (request, reply) => {
        await tokens.disconnect(userIdOf(request), request.params.clientId);
        return reply.code(204).send(null);
      },
    );
  });
}
