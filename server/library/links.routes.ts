import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alreadySavedSchema,
  createLinkBody,
  errorSchema,
  idParams,
  linkSchema,
  listLinksQuery,
  pageOf,
  updateLinkBody,
} from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { LinksService } from './links.service.js';

export function registerLinkRoutes(parent: FastifyInstance, links: LinksService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['links'];

  app.get(
    '/api/links',
    {
      onRequest: requireAuth('read:links'),
      schema: {
        tags,
        description:
          'Newest first. folderId takes a folder id or "uncategorized"; url finds the saved copies of a page.',
        querystring: listLinksQuery,
        response: { 200: pageOf(linkSchema), ...dataRouteErrors },
      },
    },
    async (request) => links.list(userIdOf(request), request.query),
  );

  app.post(
    '/api/links',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        description:
          'A page already saved (same normalized URL) answers 409 with the saved link in details.link, unless allowDuplicate is true. ' +
          'A person may save SAVES_PER_MINUTE links a minute (2,000 unless configured; imports do not count): ' +
          'more answer 429 rate_limited with Retry-After, the seconds until the next minute.',
        body: createLinkBody,
        response: { 201: linkSchema, ...dataRouteErrors, 409: alreadySavedSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await links.create(userIdOf(request), request.body)),
  );

  app.get(
    '/api/links/:id',
    {
      onRequest: requireAuth('read:links'),
      schema: { tags, params: idParams, response: { 200: linkSchema, ...dataRouteErrors } },
    },
    async (request) => links.get(userIdOf(request), request.params.id),
  );

  app.patch(
    '/api/links/:id',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        params: idParams,
        body: updateLinkBody,
        response: { 200: linkSchema, ...dataRouteErrors },
      },
    },
    async (request) => links.update(userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/links/:id',
    {
      onRequest: requireAuth(),
      schema: { tags, params: idParams, response: { 204: z.null(), ...dataRouteErrors } },
    },
    async (request, reply) => {
      await links.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/links/:id/enrich',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        params: idParams,
        response: { 202: z.object({ status: z.literal('queued') }), ...dataRouteErrors },
      },
    },
    async (request, reply) => {
      await links.requeue(userIdOf(request), request.params.id);
      return reply.code(202).send({ status: 'queued' as const });
    },
  );
}
