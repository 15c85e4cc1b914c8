import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alreadySavedSchema, errorSchema, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { LinksBulkService } from './links-bulk.service.js';
import type { LinksService } from './links.service.js';

export function registerLinkRoutes(
  parent: FastifyInstance,
  links: LinksService,
  bulk: LinksBulkService,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: dataRouteErrors, tags: ['links'] };

  app.route({
    ...endpoint(routes.listLinks, {
      ...doc,
      description:
        'Newest first unless sort says oldest or title. folderId takes a folder id or "uncategorized"; url finds ' +
        'the saved copies of a page; tag, platform, state, favorite and availability narrow the list.',
    }),
    onRequest: requireAuth('read:links'),
    handler: async (request) => links.list(userIdOf(request), request.query),
  });

  app.route({
    ...endpoint(routes.createLink, {
      ...doc,
      errors: { ...dataRouteErrors, 409: alreadySavedSchema, 429: errorSchema },
      description:
        'A page already saved (same normalized URL) answers 409 with the saved link in details.link, unless allowDuplicate is true. ' +
        'A person may save SAVES_PER_MINUTE links a minute (2,000 unless configured; imports do not count): ' +
        'more answer 429 rate_limited with Retry-After, the seconds until the next minute.',
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) =>
      reply.code(201).send(await links.create(userIdOf(request), request.body)),
  });

  app.route({
    ...endpoint(routes.getLink, doc),
    onRequest: requireAuth('read:links'),
    handler: async (request) => links.get(userIdOf(request), request.params.id),
  });

  app.route({
    ...endpoint(routes.updateLink, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request) => links.update(userIdOf(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(routes.deleteLink, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await links.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.enrichLink, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await links.requeue(userIdOf(request), request.params.id);
      return reply.code(202).send({ status: 'queued' as const });
    },
  });

  app.route({
    ...endpoint(routes.bulkLinks, {
      ...doc,
      description:
        'One action on up to 1,000 links, all or nothing: an id that is not one of yours answers 404 and ' +
        'changes nothing. move takes folderId (null: uncategorized), tag and untag take tags, state a state, ' +
        'favorite a boolean; delete and enrich take nothing more.',
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request) => bulk.apply(userIdOf(request), request.body),
  });
}
