import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuery, searchResultSchema } from '../../contracts/index.js';
import { principalOf, requireAuth, userIdOf } from '../http/auth.js';
import { dataRouteErrors } from '../http/route-errors.js';
import { type SearchService, visibilityFor } from './search.service.js';

export function registerSearchRoutes(parent: FastifyInstance, search: SearchService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/search',
    {
      onRequest: requireAuth('read:links'),
      schema: {
        tags: ['search'],
        description: 'Case-insensitive substring match (SPEC.md §5); best matches first.',
        querystring: searchQuery,
        response: { 200: searchResultSchema, ...dataRouteErrors },
      },
    },
    async (request) =>
      search.search(userIdOf(request), request.query, visibilityFor(principalOf(request).scopes)),
  );
}
