import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { SharingService } from './sharing.service.js';

/**
 * API.md "Sharing and insights": a folder's members. The list names people by e-mail, so an assistant's
 * OAuth token (read:folders) does not reach it: a personal token or a session does.
 */
export function registerSharingRoutes(parent: FastifyInstance, sharing: SharingService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: { ...dataRouteErrors, 409: errorSchema }, tags: ['sharing'] };

  app.route({
    ...endpoint(routes.listMembers, {
      ...doc,
      description:
        'The people the folder is shared with (its owner is not listed); owner and members may read it.',
    }),
    onRequest: requireAuth('library:read'),
    handler: async (request) => ({ items: await sharing.list(userIdOf(request), request.params.id) }),
  });

  app.route({
    ...endpoint(routes.addMember, {
      ...doc,
      description:
        'The owner shares the folder with the account of this e-mail, as viewer or editor. 404: no enabled ' +
        "account uses it; 400: it is the owner's own; 409: already shared with them.",
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) =>
      reply.code(201).send(await sharing.add(userIdOf(request), request.params.id, request.body)),
  });

  app.route({
    ...endpoint(routes.updateMember, { ...doc, description: "The owner changes a member's role." }),
    onRequest: requireAuth('library:write'),
    handler: async (request) =>
      sharing.update(userIdOf(request), request.params.id, request.params.userId, request.body),
  });

  app.route({
    ...endpoint(routes.removeMember, {
      ...doc,
      description: 'The owner removes a member, or a member leaves the folder (their own user id).',
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await sharing.remove(userIdOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  });
}
