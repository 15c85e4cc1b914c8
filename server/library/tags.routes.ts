import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { TagsService } from './tags.service.js';

export function registerTagRoutes(parent: FastifyInstance, tags: TagsService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: dataRouteErrors, tags: ['tags'] };

  app.route({
    ...endpoint(routes.listTags, {
      ...doc,
      description: 'Every tag on your links with its count, most used first.',
    }),
    onRequest: requireAuth('read:links'),
    handler: async (request) => ({ items: await tags.list(userIdOf(request)) }),
  });

  app.route({
    ...endpoint(routes.renameTag, {
      ...doc,
      description:
        'Renames a tag on every link (case aside), merging it into a tag of the new name if one exists.',
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request) => tags.rename(userIdOf(request), request.params.name, request.body.name),
  });

  app.route({
    ...endpoint(routes.deleteTag, { ...doc, description: 'Removes a tag from every link.' }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await tags.delete(userIdOf(request), request.params.name);
      return reply.code(204).send(null);
    },
  });
}
