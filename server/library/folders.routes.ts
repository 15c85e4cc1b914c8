import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFolderBody, folderSchema, idParams, updateFolderBody } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { FoldersService } from './folders.service.js';

export function registerFolderRoutes(parent: FastifyInstance, folders: FoldersService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['folders'];

  app.get(
    '/api/folders',
    {
      onRequest: requireAuth('read:folders'),
      schema: { tags, response: { 200: z.object({ items: z.array(folderSchema) }), ...dataRouteErrors } },
    },
    async (request) => ({ items: await folders.list(userIdOf(request)) }),
  );

  app.post(
    '/api/folders',
    {
      onRequest: requireAuth(),
      schema: { tags, body: createFolderBody, response: { 201: folderSchema, ...dataRouteErrors } },
    },
    async (request, reply) => reply.code(201).send(await folders.create(userIdOf(request), request.body)),
  );

  app.patch(
    '/api/folders/:id',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        params: idParams,
        body: updateFolderBody,
        response: { 200: folderSchema, ...dataRouteErrors },
      },
    },
    async (request) => folders.update(userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/folders/:id',
    {
      onRequest: requireAuth(),
      schema: { tags, params: idParams, response: { 204: z.null(), ...dataRouteErrors } },
    },
    async (request, reply) => {
      await folders.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
