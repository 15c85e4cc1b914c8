import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { principalOf, requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
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
    const doc = { errors: dataRouteErrors, tags: ['oauth'] };

    app.route({
      ...endpoint(routes.bindAuthorization, doc),
      onRequest: userSession,
      handler: async (request) => {
        await authorization.bind(principalOf(request), request.body.session_token, request.body.user_id);
        return { ok: true };
      },
    });

    app.route({
      ...endpoint(routes.resumeAuthorization, doc),
      onRequest: userSession,
      handler: async (request) => ({
        redirect_url: await authorization.resume(principalOf(request), request.query.session_token),
      }),
    });

    app.route({
      ...endpoint(routes.decideAuthorization, doc),
      onRequest: userSession,
      handler: async (request) => ({
        redirect_url: await authorization.decide(principalOf(request), request.body),
      }),
    });

    app.route({
      ...endpoint(routes.oauthClient, doc),
      handler: async (request) => {
        const client = await clients.describe(request.params.clientId);
        if (!client) throw notFound('Application');
        return client;
      },
    });

    app.route({
      ...endpoint(routes.listConnections, doc),
      onRequest: userSession,
      handler: async (request) => ({ items: await tokens.connections(userIdOf(request)) }),
    });

    app.route({
      ...endpoint(routes.deleteConnection, doc),
      onRequest: userSession,
      handler: async (request, reply) => {
        await tokens.disconnect(userIdOf(request), request.params.clientId);
        return reply.code(204).send(null);
      },
    });
  });
}
