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

/**
 * What a stream asks about folders shared with its person (server/sharing): whose library events it
 * follows, and whether an event of theirs is still for this person when it is delivered.
 */
export interface StreamSharing {
  /** The people who share a folder with `userId`. */
  ownersSharingWith(userId: string): Promise<string[]>;
  /** Whether `userId` can read the link now (their own, or in a folder shared with them). */
  canReadLink(userId: string, linkId: string): Promise<boolean>;
  /** Whether `userId` is a member of the folder now. */
  isMember(userId: string, folderId: string): Promise<boolean>;
}

export interface EventsDeps {
  bus: EventBus;
  sharing: StreamSharing;
  links: LinksService;
  imports: ImportsService;
  /** EventSource cannot send headers (API.md): the browser authenticates with its refresh cookie instead. */
  principalFromCookie: SessionCookieAuthenticator;
  isSessionActive(sessionId: string): Promise<boolean>;
  streams: StreamCounter;
}

/**
 * GET /api/events: Server-Sent Events of the signed-in user's own changes (API.md "Realtime"), each as
 * contracts/events.ts declares it, and of the folders shared with them. A member's stream follows the
 * events of each person who shares a folder with them, and passes on only those about what they can read
 * when the event is delivered: membership is read then, so a removed member gets nothing more at once,
 * and across processes (the events themselves carry only ids).
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
    // Read before the stream opens, so that it follows them from its first moment (as its own events).
    const sharedBy = await deps.sharing.ownersSharingWith(userId);

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
    const deliverShared = async (event: LibraryEvent) => {
      switch (event.type) {
        case 'link': {
          // Read as this person: a link they cannot read (any more) is not found, and nothing is sent.
          const link = await deps.links.get(userId, event.linkId).catch(() => null);
          if (link) send('link', link);
          return;
        }
        case 'job':
          if (await deps.sharing.canReadLink(userId, event.linkId))
            send('job', { linkId: event.linkId, status: event.status });
          return;
        case 'link-deleted':
        case 'link-left':
          if (
            event.folderId &&
            (await deps.sharing.isMember(userId, event.folderId)) &&
            !(await deps.sharing.canReadLink(userId, event.linkId))
          )
            send('link-deleted', { id: event.linkId });
          return;
        case 'links':
          if ((await deps.sharing.ownersSharingWith(userId)).includes(event.userId))
            send('links-changed', { count: event.count });
          return;
        case 'import':
        case 'folders':
          return; // the owner's own
      }
    };
    const deliver = async (event: LibraryEvent) => {
      // Events queued behind a read when the stream closed: nobody is left to read for.
      if (raw.destroyed) return;
      if (event.userId !== userId) return deliverShared(event);
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
        case 'link-left':
          return; // the move's own 'link' event tells the owner
        case 'folders':
          await follow();
          send('folders', { folderId: event.folderId });
          return;
      }
    };
    // One event at a time, in the order published: else a link read for an earlier event can land after a
    // later event (a job's status sent at once, or a read on another connection answered sooner), and the
    // page goes back to a state already past.
    let delivered = Promise.resolve();
    const listener = (event: LibraryEvent) => {
      delivered = delivered
        .then(() => deliver(event))
        .catch((err: unknown) => request.log.warn({ err }, 'event delivery failed'));
    };
    const unsubscribe = deps.bus.subscribe(userId, listener);
    // The people whose events this stream follows too, as they share folders with this person: read at
    // the start and again whenever a share of theirs changes (a 'folders' event).
    const following = new Map<string, () => void>();
    const followOnly = (owners: ReadonlySet<string>) => {
      for (const [owner, stop] of following) {
        if (!owners.has(owner)) {
          stop();
          following.delete(owner);
        }
      }
      for (const owner of owners) {
        if (!following.has(owner) && !raw.destroyed)
          following.set(owner, deps.bus.subscribe(owner, listener));
      }
    };
    const follow = async () => followOnly(new Set(await deps.sharing.ownersSharingWith(userId)));
    followOnly(new Set(sharedBy));
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
      for (const stop of following.values()) stop();
      following.clear();
      open.delete(raw);
      deps.streams.streamClosed();
    });
  });
}
