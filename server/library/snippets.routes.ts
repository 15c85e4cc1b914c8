import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSnippetBody,
  idParams,
  listSnippetsQuery,
  pageOf,
  snippetSchema,
  updateSnippetBody,
} from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { SnippetsService } from './snippets.service.js';

export function registerSnippetRoutes(parent: FastifyInstance, snippets: SnippetsService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['snippets'];

  app.get(
    '/api/snippets',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        description: 'Newest first. linkId filters by link; pageUrl finds the highlights of one page.',
        querystring: listSnippetsQuery,
        response: { 200: pageOf(snippetSchema), ...dataRouteErrors },
      },
    },
    async (request) => snippets.list(userIdOf(request), request.query),
  );

  app.post(
    '/api/snippets',
    {
      onRequest: requireAuth(),
      schema: { tags, body: createSnippetBody, response: { 201: snippetSchema, ...dataRouteErrors } },
    },
    async (request, reply) => reply.code(201).send(await snippets.create(userIdOf(request), request.body)),
  );

  app.patch(
    '/api/snippets/:id',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        params: idParams,
        body: updateSnippetBody,
        response: { 200: snippetSchema, ...dataRouteErrors },
      },
    },
    async (request) => snippets.updateNote(userIdOf(request), request.params.id, request.body.note),
  );

  app.delete(
    '/api/snippets/:id',
    {
      onRequest: requireAuth(),
      schema: { tags, params: idParams, response: { 204: z.null(), ...dataRouteErrors } },
    },
    async (request, reply) => {
      await snippets.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
