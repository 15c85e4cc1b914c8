import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every response, with the web app's Content-Security-Policy. The middleware
 * is built once: the Fastify plugin rebuilt it (CSP parsing included) on every request, which came to
 * about 3% of a save's CPU under load.
 *
 * `upgrade-insecure-requests` and HSTS only when the app is served over https (PUBLIC_URL): over plain
 * http on a LAN name (http://nas.local:3000) the browser would ask for https://…/assets/*.js and show a
 * blank page.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const applyHeaders = helmet({
    strictTransportSecurity: options.https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: options.https ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Preview images and favicons of saved pages come from anywhere on the web.
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
