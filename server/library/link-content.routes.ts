import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloads, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { LinkContentService } from './link-content.service.js';

/**
 * The archived copy's own policy, in place of the app's: a sandbox without scripts (a unique origin, no
 * forms, no pop-ups, no top navigation), nothing loaded but images and the copy's inline style.
 */
const ARCHIVE_POLICY =
  "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export function registerLinkContentRoutes(parent: FastifyInstance, contents: LinkContentService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.getLinkContent, {
      errors: dataRouteErrors,
      tags: ['links'],
      description:
        'The page as the reader shows it: the article as sanitized HTML (images and links absolute) and as text, with its byline, site, language, words and minutes to read. 404 until a fetch of the page succeeded.',
    }),
    onRequest: requireAuth('read:links'),
    handler: async (request) => contents.content(userIdOf(request), request.params.id),
  });

  app.get(
    downloads.linkArchive.path,
    {
      onRequest: requireAuth('read:links'),
      schema: {
        tags: ['links'],
        description:
          'The page as it was fetched, sanitized (no scripts, forms, frames or trackers), as text/html served in a CSP sandbox. 404 until a fetch of the page succeeded.',
        params: downloads.linkArchive.params,
      },
    },
    async (request, reply) => {
      const html = await contents.archive(userIdOf(request), request.params.id);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', ARCHIVE_POLICY)
        .header('cache-control', 'private, no-store')
        .send(html);
    },
  );
}
