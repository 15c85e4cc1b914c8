import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Paths the server answers itself; everything else that is a GET for a page is the React app's. A missing
 * /assets/ file (a chunk of an earlier build) is a 404: index.html under its name would be cached as an
 * immutable script by browsers and by the service worker.
 */
const SERVER_PATHS =
  /^\/(api|mcp|healthz|readyz|metrics|\.well-known|assets|s)(\/|$)|^\/oauth\/(authorize|token|register|revoke)(\/|$)/;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function cachePolicy(root: string, path: string): string {
  if (path.startsWith(resolve(root, 'assets'))) return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  if (path === resolve(root, 'index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built app (dist/web). Vite names assets by content hash, so they are cached for a year;
 * index.html is revalidated on every load so a deploy reaches users at once.
 * Returns the fallback that the not-found handler uses for client routes (SPA routing).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | null) | null> {
  const root = resolve(webDist);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');
    return null;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('cache-control', cachePolicy(root, path));
    },
  });
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || SERVER_PATHS.test(path)) return null;
    return reply.sendFile('index.html', root, { cacheControl: false });
  };
}
