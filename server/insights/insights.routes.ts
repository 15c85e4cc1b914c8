import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { InsightsService } from './insights.service.js';

export function registerInsightsRoutes(parent: FastifyInstance, insights: InsightsService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.insights, {
      errors: dataRouteErrors,
      tags: ['insights'],
      description:
        'The weekly insight report of an ISO week (the last complete one by default), its days in the time zone `tz` (UTC by default).',
    }),
    onRequest: requireAuth('library:read'),
    handler: async (request) => insights.get(userIdOf(request), request.query),
  });
}
