import { finished } from 'node:stream';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Why a request answered 5xx (errors.ts), until its line is written. */
const failures = new WeakMap<FastifyRequest, unknown>();

/**
 * Keeps the error behind a 5xx answer for the request's line, which logs it with its stack: the one
 * line says what was asked, what it got and why, instead of an error line and a request line apart.
 */
export function recordFailure(request: FastifyRequest, err: unknown): void {
  failures.set(request, err);
}

const roundedMs = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One line per request, when it ends, in place of Fastify's two (incoming, completed): method, path
 * without its query (logger.ts `req`), route, status, time in ms, and the request id that every line
 * logged during the request carries. info below 500; error from 500, with the error (recordFailure).
 *
 * A Fastify logController, its hook for its own request lines (which replaces the deprecated
 * `disableRequestLogging`); Fastify's other lines (a broken serializer, a failed error handler) remain.
 * The line is written when the response ends, not from requestCompleted: Fastify does not complete a
 * request whose client went away (a closed event stream, a page left) or whose URL it could not decode,
 * and each of those would otherwise leave no line at all.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    finished(reply.raw, (ended) => {
      const abandoned = (ended as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
      const err = failures.get(request) ?? (abandoned ? undefined : ended);
      const line = {
        req: request,
        ...((!abandoned || reply.raw.headersSent) && { res: reply }),
        responseTime: roundedMs(reply.elapsedTime),
        ...(abandoned && { aborted: true }),
        err,
      };
      if (reply.statusCode >= 500 || err !== undefined) reply.log.error(line, 'request failed');
      else reply.log.info(line, abandoned ? 'request abandoned by the client' : 'request completed');
    });
  }

  /** Written by incomingRequest's listener instead. */
  override requestCompleted(): void {}

  /** The request's own line says 404; Fastify's would add the URL with its query string. */
  override routeNotFound(): void {}
}
