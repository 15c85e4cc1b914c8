import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { StatsService } from './stats.service.js';

export function registerStatsRoutes(parent: FastifyInstance, stats: StatsService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.stats, { errors: dataRouteErrors, tags: ['stats'] }),
    onRequest: requireAuth('library:read'),
    handler: async (request) => stats.get(userIdOf(request)),
  });
}
