import type { FastifyInstance } from 'fastify';
import { sendError, unavailable } from './errors.js';

/**
 * From the moment the server starts closing (SIGTERM), every request answers 503 `unavailable` in API.md's
 * shape with Retry-After, before authentication or any other work, so a load balancer sends
 * it elsewhere. It replaces Fastify's own answer (`return503OnClosing`), whose body has another shape.
 * Install it before any other onRequest hook.
 */
export function installDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return sendError(reply, unavailable('The server is shutting down. Please try again shortly.'));
  });
}
