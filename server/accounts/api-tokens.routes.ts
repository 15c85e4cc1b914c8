import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import type { ApiTokensService } from './api-tokens.service.js';

const doc = {
  errors: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
  tags: ['tokens'],
};

/** Settings → API tokens: a person's own session only, never a token (API.md). */
export function registerApiTokenRoutes(parent: FastifyInstance, tokens: ApiTokensService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.listTokens, doc),
    onRequest: requireAuth(),
    handler: async (request) => ({ items: await tokens.list(userIdOf(request)) }),
  });

  app.route({
    ...endpoint(routes.createToken, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) =>
      reply.code(201).send(await tokens.create(userIdOf(request), request.body)),
  });

  app.route({
    ...endpoint(routes.deleteToken, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) => {
      await tokens.revoke(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
