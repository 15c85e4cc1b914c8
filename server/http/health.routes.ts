import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorSchema } from '../../contracts/index.js';
import type { Database } from '../db/database.js';
import { errorBody } from './errors.js';

const status = z.object({ status: z.string() });

/** API.md "Operations": liveness and readiness, unauthenticated, for load balancers and orchestrators. */
export function registerHealthRoutes(parent: FastifyInstance, database: Database): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { schema: { tags: ['operations'], response: { 200: status } } }, () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { schema: { tags: ['operations'], response: { 200: status, 503: errorSchema } } },
    async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(database.db);
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply.code(503).send(errorBody('unavailable', 'Database is not reachable'));
      }
    },
  );
}
