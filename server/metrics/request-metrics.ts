import type { FastifyInstance } from 'fastify';
import { type Metrics, UNMATCHED_ROUTE } from './metrics.service.js';

/**
 * Counts and times every answer by its route's pattern (`/api/links/:id`), never its URL: URLs are
 * unbounded (a series per link id) and a query string may carry a secret. `skipped` is left out (the
 * metrics route: Prometheus records each scrape's success and duration itself, and the scrapes would be
 * a steady trickle in figures meant to show the users' traffic).
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics, skipped: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === skipped) return;
    // elapsedTime: from the request's arrival in Fastify to the answer's end, in milliseconds.
    metrics.requestAnswered(
      route ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
