import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerTokenOf } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { hashSecret } from '../lib/secrets.js';
import type { Metrics } from './metrics.service.js';
import { installRequestMetrics } from './request-metrics.js';

export const METRICS_PATH = '/metrics';

/**
 * API.md "Accounts, tokens and administration": GET /metrics in Prometheus' text format, for the bearer of
 * METRICS_TOKEN. With the token set, the process metrics are collected and every request is timed
 * (request-metrics.ts); without it none of this runs and /metrics is a 404 like any unknown path.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  if (token === null) return;
  metrics.watchProcess();
  installRequestMetrics(app, metrics, METRICS_PATH);
  app.get(
    METRICS_PATH,
    // Not a user's route: no user token is looked up (anonymous), and it stays out of the API's document.
    { config: { anonymous: true }, schema: { hide: true }, onRequest: requireToken(token) },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
}

/**
 * Compared as SHA-256 digests in constant time: equal lengths whatever was sent, and no early exit at the
 * first differing byte to time.
 */
function requireToken(token: string) {
  const expected = Buffer.from(hashSecret(token));
  return (request: FastifyRequest): Promise<void> => {
    const given = bearerTokenOf(request);
    if (given !== undefined && timingSafeEqual(Buffer.from(hashSecret(given)), expected)) {
      return Promise.resolve();
    }
    return Promise.reject(
      new AppError(401, 'unauthenticated', 'Metrics need the METRICS_TOKEN as a bearer token', undefined, {
        // RFC 6750 §3: a 401 to a bearer-token resource names the scheme.
        'www-authenticate': 'Bearer realm="metrics"',
      }),
    );
  };
}
