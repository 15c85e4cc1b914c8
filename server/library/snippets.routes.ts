import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { SnippetsService } from './snippets.service.js';

export function registerSnippetRoutes(parent: FastifyInstance, snippets: SnippetsService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: dataRouteErrors, tags: ['snippets'] };

  app.route({
    ...endpoint(routes.listSnippets, {
      ...doc,
      description: 'Newest first. linkId filters by link; pageUrl finds the highlights of one page.',
    }),
    onRequest: requireAuth('library:read'),
    handler: async (request) => snippets.list(userIdOf(request), request.query),
  });

  app.route({
    ...endpoint(routes.createSnippet, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) =>
      reply.code(201).send(await snippets.create(userIdOf(request), request.body)),
  });

  app.route({
    ...endpoint(routes.updateSnippet, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request) => snippets.updateNote(userIdOf(request), request.params.id, request.body.note),
  });

  app.route({
    ...endpoint(routes.deleteSnippet, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await snippets.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
