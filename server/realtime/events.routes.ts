import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, type StreamEventName, eventText, type streamEvents } from '../../contracts/index.js';
import type { z } from 'zod';
import { type SessionCookieAuthenticator, acceptSessionCookie } from '../http/auth.js';
import { unauthenticated } from '../http/errors.js';
import type { ImportsService } from '../imports/imports.service.js';
import type { LinksService } from '../library/links.service.js';
import type { EventBus, LibraryEvent } from './event-bus.js';

const HEARTBEAT_MS = 25_000;
const SESSION_CHECK_MS = 60_000;

/** Counts the open event streams (metrics/); the route knows nothing of how they are exposed. */
export interface StreamCounter {
  streamOpened(): void;
  streamClosed(): void;
}

export interface EventsDeps {
  bus: EventBus;
  links: LinksService;
  imports: ImportsService;
  /** EventSource cannot send headers (API.md): the browser authenticates with its refresh cookie instead. */
  principalFromCookie: SessionCookieAuthenticator;
  isSessionActive(sessionId: string): Promise<boolean>;
  streams: StreamCounter;
}

/**
 * GET /api/events: Server-Sent Events of the signed-in user's own changes (API.md "Realtime"), each as
 * contracts/events.ts declares it.
 */
export function registerEventRoutes(app: FastifyInstance, deps: EventsDeps): void {
  const open = new Set<ServerResponse>();
  // preClose, not onClose: closing waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', (done) => {
    for (const stream of open) stream.end();
    done();
  });

  const onRequest = acceptSessionCookie(deps.principalFromCookie);
  app.get(EVENTS_PATH, { onRequest, schema: { tags: ['realtime'] } }, async (request, reply) => {
    const principal = request.principal;
    if (!principal || principal.scopes !== null) throw unauthenticated();
    const { userId, sessionId } = principal;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 5000\n\n');
    open.add(raw);
    deps.streams.streamOpened();

    const send = <N extends StreamEventName>(name: N, data: z.input<(typeof streamEvents)[N]>) =>
      raw.write(eventText(name, data));
    const deliver = async (event: LibraryEvent) => {
      // Events queued behind a read when the stream closed: nobody is left to read for.
      if (raw.destroyed) return;
      switch (event.type) {
        case 'link': {
          const link = await deps.links.get(userId, event.linkId).catch(() => null);
          if (link) send('link', link);
          return;
        }
        case 'link-deleted':
          send('link-deleted', { id: event.linkId });
          return;
        case 'links':
          send('links-changed', { count: event.count });
          return;
        case 'job':
          send('job', { linkId: event.linkId, status: event.status });
          return;
        case 'import': {
          const progress = await deps.imports.get(userId, event.importId).catch(() => null);
          if (progress) send('import', progress);
          return;
        }
      }
    };
    // One event at a time, in the order published: else a link read for an earlier event can land after a
    // later event (a job's status sent at once, or a read on another connection answered sooner), and the
    // page goes back to a state already past.
    let delivered = Promise.resolve();
    const unsubscribe = deps.bus.subscribe(userId, (event) => {
      delivered = delivered
        .then(() => deliver(event))
        .catch((err: unknown) => request.log.warn({ err }, 'event delivery failed'));
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    // A logged-out or revoked session must stop receiving events, not only stop refreshing.
    const sessionCheck = setInterval(() => {
      if (!sessionId) return;
      deps.isSessionActive(sessionId).then(
        (active) => active || raw.end(),
        () => undefined,
      );
    }, SESSION_CHECK_MS);

    raw.on('close', () => {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      unsubscribe();
      open.delete(raw);
      deps.streams.streamClosed();
    });
  });
}
