import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import type { AdminService } from './admin.service.js';

const doc = {
  errors: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
  tags: ['admin'],
};

/** Admin (API.md): an admin's own session only; a token, or anyone else's session, gets 403. */
export function registerAdminRoutes(parent: FastifyInstance, admin: AdminService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const session = requireAuth();
  const onRequest = [session, (request: FastifyRequest) => admin.requireAdmin(userIdOf(request))];

  app.route({
    ...endpoint(routes.adminUsers, doc),
    onRequest,
    handler: async () => ({ items: await admin.users() }),
  });

  app.route({
    ...endpoint(routes.updateAdminUser, doc),
    onRequest,
    handler: (request) => admin.update(userIdOf(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(routes.deleteAdminUser, doc),
    onRequest,
    handler: async (request, reply) => {
      await admin.delete(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.createInvite, doc),
    onRequest,
    handler: async (request, reply) => reply.code(201).send(await admin.createInvite(userIdOf(request))),
  });

  app.route({
    ...endpoint(routes.createPasswordReset, doc),
    onRequest,
    handler: async (request, reply) =>
      reply.code(201).send(await admin.createPasswordReset(userIdOf(request), request.params.id)),
  });

  app.route({
    ...endpoint(routes.instanceSettings, doc),
    onRequest,
    handler: () => admin.readSettings(),
  });

  app.route({
    ...endpoint(routes.updateInstanceSettings, doc),
    onRequest,
    handler: (request) => admin.updateSettings(request.body),
  });
}
