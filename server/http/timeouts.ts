import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * A request with complete headers and a partial body stayed open for minutes (1,000 of them held
 * 1,000 sockets for 112 s and more). Three bounds, each for what it can see.
 */
export interface HttpTimeouts {
  /**
   * A connection that neither sends nor receives for this long is closed: a body that stalls. The event
   * stream writes a heartbeat every 25 s, so it is never idle this long.
   */
  idleMs: number;
  /** A whole request arrives within this time, an import's upload of up to 100 MB (2.7 Mbit/s) included. */
  requestMs: number;
  /** A JSON body (at most 1 MB) arrives within this time, or the request gets 408: a body sent byte by byte. */
  jsonBodyMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = { idleMs: 30_000, requestMs: 5 * 60_000, jsonBodyMs: 30_000 };

/** Fastify's server options for the first two bounds (Node's socket timeout and requestTimeout). */
export const serverTimeouts = (timeouts: HttpTimeouts) => ({
  connectionTimeout: timeouts.idleMs,
  requestTimeout: timeouts.requestMs,
});

/**
 * The third bound, on bodies that Fastify parses: the body streams through a timer that fails it when the
 * deadline passes. Uploads (multipart, read by the import route itself) are bound by the other two.
 */
export function installBodyDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const { 'content-type': type, 'content-length': length, 'transfer-encoding': chunked } = request.headers;
    const hasBody = chunked !== undefined || (length !== undefined && length !== '0');
    if (!hasBody || type?.startsWith('multipart/')) {
      done(null, payload);
      return;
    }
    // Failing the stream fails the parse: Fastify answers with the error and closes the connection.
    const timed = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(timed);
      timed.destroy(new AppError(408, 'request_timeout', 'The request body did not arrive in time'));
    }, deadlineMs);
    // The parser listens for errors once it reads; until then a late failure must not go unheard.
    timed.on('error', () => undefined);
    payload.once('end', () => clearTimeout(timer));
    payload.once('close', () => clearTimeout(timer));
    payload.pipe(timed);
    done(null, timed);
  });
}
