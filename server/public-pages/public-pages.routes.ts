import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PreviewWidth, previewQuery, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { AppError } from '../http/errors.js';
import { dataRouteErrors } from '../http/route-errors.js';
import { decodeCursor } from '../lib/cursor.js';
import { publicFeed } from './public-feed.js';
import { PUBLIC_PAGE_CSP, missingPage, publicPage } from './public-page.js';
import type { PublicPagesService } from './public-pages.service.js';

const tokenParams = z.object({ token: z.string() });
const pageQuery = z.object({ after: z.string().max(2_000).optional() });

/**
 * Headers of everything under /s/: the strict policy of public-page.ts in place of the app's (no script
 * at all), kept out of search engines, and revalidated on every visit, so that a revoked address ends at
 * once for the page and the feed alike.
 */
function publicHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-security-policy', PUBLIC_PAGE_CSP)
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache');
}

const HTML = 'text/html; charset=utf-8';

/**
 * The page or feed `render` makes; when the address leads nowhere (or its `after` is not one the page
 * gave), a page a person reads in their browser, with the error's status.
 */
async function served(
  reply: FastifyReply,
  contentType: string,
  render: () => Promise<string>,
): Promise<FastifyReply> {
  let body: string;
  try {
    body = await render();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    const message = err.status === 404 ? err.message : 'This page address is not right';
    return publicHeaders(reply.code(err.status), HTML).send(missingPage(err.status, message));
  }
  return publicHeaders(reply, contentType).send(body);
}

/**
 * API.md "Sharing and insights": the owner publishes (POST, a new address each time) and revokes (DELETE)
 * a folder's public page; GET tells whether it has one. The page, its feed and its pictures are served
 * under /s/<token> to anyone, with no account.
 */
export function registerPublicPageRoutes(
  parent: FastifyInstance,
  pages: PublicPagesService,
  publicUrl: string,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: dataRouteErrors, tags: ['folders'] };

  app.route({
    ...endpoint(routes.publicFolder, {
      ...doc,
      description:
        'Since when the folder has a public page (null: it has none). Its address is shown only when made.',
    }),
    onRequest: requireAuth('read:folders'),
    handler: async (request) => pages.status(userIdOf(request), request.params.id),
  });

  app.route({
    ...endpoint(routes.publishFolder, {
      ...doc,
      description:
        "Publishes the folder as a read-only page and Atom feed at a new address (the previous one, if any, stops working). The owner's only.",
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) =>
      reply.code(201).send(await pages.publish(userIdOf(request), request.params.id)),
  });

  app.route({
    ...endpoint(routes.unpublishFolder, {
      ...doc,
      description: "Ends the folder's public page and its feed at once.",
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await pages.unpublish(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  const hidden = { hide: true };
  app.get(
    '/s/:token',
    { schema: { ...hidden, params: tokenParams, querystring: pageQuery } },
    async (request, reply) =>
      served(reply, HTML, async () => {
        const cursor = decodeCursor(request.query.after);
        const view = await pages.page(request.params.token, cursor);
        return publicPage(view, `/s/${request.params.token}`, cursor === null);
      }),
  );

  app.get('/s/:token/feed.atom', { schema: { ...hidden, params: tokenParams } }, async (request, reply) =>
    served(reply, 'application/atom+xml; charset=utf-8', async () =>
      publicFeed(await pages.feed(request.params.token), `${publicUrl}/s/${request.params.token}`),
    ),
  );

  app.get(
    '/s/:token/preview/:linkId',
    { schema: { ...hidden, params: tokenParams.extend({ linkId: z.string() }), querystring: previewQuery } },
    async (request, reply) => {
      const { token, linkId } = request.params;
      const preview = await pages.preview(token, linkId, request.query.w as PreviewWidth);
      return (
        publicHeaders(reply, preview.contentType)
          .header('x-content-type-options', 'nosniff')
          // The picture never changes under its address (v); kept by the browser only, for an hour.
          .header('cache-control', 'private, max-age=3600')
          .send(Buffer.from(preview.image.buffer, preview.image.byteOffset, preview.image.byteLength))
      );
    },
  );
}
