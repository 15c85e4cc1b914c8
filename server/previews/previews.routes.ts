import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type PreviewWidth, downloads } from '../../contracts/index.js';
import { type SessionCookieAuthenticator, acceptSessionCookie, requireAuth, userIdOf } from '../http/auth.js';
import type { PreviewsService } from './previews.service.js';

/**
 * A kept preview never changes under its address (v changes with the image: contracts/previews.ts), so the
 * browser keeps it for a month without asking again; private, as it is one person's.
 */
const CACHE_KEPT = 'private, max-age=2592000, immutable';

/** GET /api/links/:id/preview: the link's og:image at a card's size, as WebP (contracts/previews.ts). */
export function registerPreviewRoutes(
  parent: FastifyInstance,
  previews: PreviewsService,
  fromCookie: SessionCookieAuthenticator,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    downloads.linkPreview.path,
    {
      onRequest: [acceptSessionCookie(fromCookie), requireAuth('read:links')],
      schema: {
        tags: ['links'],
        description:
          "The link's og:image, fetched by the server (never from a private address), cut to 1.91:1 and w pixels wide (320, 480, 640 or 960; never enlarged), as image/webp. " +
          'Signed in by bearer token or, for an <img> of the web app, by the session cookie. 404 when the link has no image or it could not be fetched or read.',
        params: downloads.linkPreview.params,
        querystring: downloads.linkPreview.query,
      },
    },
    async (request, reply) => {
      const width = request.query.w as PreviewWidth;
      const preview = await previews.preview(userIdOf(request), request.params.id, width);
      return reply
        .header('content-type', preview.contentType)
        .header('cache-control', CACHE_KEPT)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(preview.image.buffer, preview.image.byteOffset, preview.image.byteLength));
    },
  );
}
