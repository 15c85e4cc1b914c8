import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, routes } from '../../contracts/index.js';
import { principalOf, requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import type { AccountSettingsService } from './account-settings.service.js';
import { clearSessionCookies } from './accounts.routes.js';

const doc = {
  errors: {
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
    429: errorSchema,
  },
  tags: ['accounts'],
};

/** Settings → Account (API.md "Accounts, tokens and administration"): a person's own session only. */
export function registerAccountSettingsRoutes(
  parent: FastifyInstance,
  settings: AccountSettingsService,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.updateUser, doc),
    onRequest: requireAuth(),
    handler: (request) => settings.updateProfile(userIdOf(request), request.body),
  });

  app.route({
    ...endpoint(routes.changePassword, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      await settings.changePassword(principalOf(request), currentPassword, newPassword);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.deleteAccount, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) => {
      await settings.deleteAccount(principalOf(request), request.body.password);
      return clearSessionCookies(reply).code(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.listSessions, doc),
    onRequest: requireAuth(),
    handler: async (request) => ({ items: await settings.sessions(principalOf(request)) }),
  });

  app.route({
    ...endpoint(routes.endSession, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) => {
      await settings.endSession(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
