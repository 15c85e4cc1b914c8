import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsSchema } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { StatsService } from './stats.service.js';

export function registerStatsRoutes(parent: FastifyInstance, stats: StatsService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/stats',
    {
      onRequest: requireAuth(),
      schema: { tags: ['stats'], response: { 200: statsSchema, ...dataRouteErrors } },
    },
    async (request) => stats.get(userIdOf(request)),
  );
}
