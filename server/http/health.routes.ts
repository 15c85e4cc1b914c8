import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../contracts/index.js';
import type { Database } from '../db/database.js';
import { probeReadiness } from '../db/probe.js';
import { sendError, unavailable } from './errors.js';

const status = z.object({ status: z.string() });

/**
 * /readyz answers within this even while the database hangs: a prober that times out itself
 * learns nothing, and a second is what orchestrators commonly allow.
 */
const READY_DEADLINE_MS = 900;

/**
 * API.md "Operations": liveness and readiness, for load balancers and orchestrators. Neither reads
 * credentials (`anonymous`), so a token lookup, a database query, never decides their answer.
 */
export function registerHealthRoutes(parent: FastifyInstance, database: Database): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    { config: { anonymous: true }, schema: { tags: ['operations'], response: { 200: status } } },
    () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      config: { anonymous: true },
      schema: { tags: ['operations'], response: { 200: status, 503: errorSchema } },
    },
    async (request, reply) => {
      try {
        await withinDeadline(probeReadiness(database), READY_DEADLINE_MS);
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return sendError(reply, unavailable('The database is not reachable or does not take writes'));
      }
    },
  );
}

async function withinDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
