import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { FoldersService } from './folders.service.js';

export function registerFolderRoutes(parent: FastifyInstance, folders: FoldersService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: dataRouteErrors, tags: ['folders'] };

  app.route({
    ...endpoint(routes.listFolders, doc),
    onRequest: requireAuth('read:folders'),
    handler: async (request) => ({ items: await folders.list(userIdOf(request)) }),
  });

  app.route({
    ...endpoint(routes.createFolder, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) =>
      reply.code(201).send(await folders.create(userIdOf(request), request.body)),
  });

  app.route({
    ...endpoint(routes.updateFolder, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request) => folders.update(userIdOf(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(routes.deleteFolder, doc),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await folders.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
