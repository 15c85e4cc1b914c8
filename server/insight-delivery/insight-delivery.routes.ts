import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import type { InsightDeliveryService } from './insight-delivery.service.js';
import { type UnsubscribeState, unsubscribePage } from './unsubscribe-page.js';

const doc = {
  errors: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
  tags: ['insights'],
};

/**
 * The token of a feed or an unsubscribe link, in the query string: the request log drops queries
 * (logging/logger.ts), where a path would be logged whole.
 */
const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/** Neither the page nor the feed may be kept by a shared cache: each is one person's. */
const privately = (reply: FastifyReply, type: string) =>
  reply.type(type).header('cache-control', 'private, no-store');

/**
 * Issue 19's delivery of the weekly insight report. The settings are a session's alone (like API tokens:
 * a feed URL is a credential); the feed and the unsubscribe link carry their own token and no session.
 */
export async function registerInsightDeliveryRoutes(
  parent: FastifyInstance,
  delivery: InsightDeliveryService,
): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpoint(routes.insightDelivery, doc),
    onRequest: requireAuth(),
    handler: async (request) => delivery.get(userIdOf(request)),
  });

  app.route({
    ...endpoint(routes.updateInsightDelivery, doc),
    onRequest: requireAuth(),
    handler: async (request) => delivery.update(userIdOf(request), request.body),
  });

  app.route({
    ...endpoint(routes.createInsightFeed, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) => reply.code(201).send(await delivery.createFeed(userIdOf(request))),
  });

  app.route({
    ...endpoint(routes.deleteInsightFeed, doc),
    onRequest: requireAuth(),
    handler: async (request, reply) => {
      await delivery.deleteFeed(userIdOf(request));
      return reply.code(204).send(null);
    },
  });

  app.get(
    '/api/insights/feed.atom',
    {
      config: { anonymous: true },
      schema: {
        tags: ['insights'],
        description: 'The private Atom feed of the weekly reports; the token is its only credential.',
        querystring: tokenQuery,
      },
    },
    async (request, reply) =>
      privately(reply, 'application/atom+xml; charset=utf-8').send(await delivery.feed(request.query.token)),
  );

  await app.register((scope, _options, done) => {
    // RFC 8058's POST says List-Unsubscribe=One-Click, form-encoded or as multipart; nothing in it matters.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null),
    );
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    const page = (reply: FastifyReply, state: UnsubscribeState) =>
      privately(reply, 'text/html; charset=utf-8')
        .code(state.step === 'unknown' ? 404 : 200)
        .send(unsubscribePage(state));
    const route = { config: { anonymous: true }, schema: { hide: true, querystring: tokenQuery } };

    pages.get('/api/insights/unsubscribe', route, async (request, reply) => {
      const { token } = request.query;
      const email = await delivery.unsubscribeTarget(token);
      return page(
        reply,
        email
          ? { step: 'ask', email, action: `/api/insights/unsubscribe?token=${encodeURIComponent(token)}` }
          : { step: 'unknown' },
      );
    });

    pages.post('/api/insights/unsubscribe', route, async (request, reply) => {
      const email = await delivery.unsubscribe(request.query.token);
      return page(reply, email ? { step: 'done', email } : { step: 'unknown' });
    });
    done();
  });
}
