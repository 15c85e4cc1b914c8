import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { principalOf, requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import { type SearchService, visibilityFor } from './search.service.js';

export function registerSearchRoutes(parent: FastifyInstance, search: SearchService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.search, {
      errors: dataRouteErrors,
      tags: ['search'],
      description: 'Case-insensitive substring match (SPEC.md §5); best matches first.',
    }),
    onRequest: requireAuth('read:links'),
    handler: async (request) =>
      search.search(userIdOf(request), request.query, visibilityFor(principalOf(request).scopes)),
  });
}
