import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, type FieldErrors, NOT_AUTHENTICATED_MESSAGE } from '../../contracts/index.js';
import { isTransientDatabaseError } from '../db/database.js';
import { recordFailure } from './request-log.js';

/** Which fields failed validation, or (409 `conflict`) what the request collided with. */
type Details = FieldErrors | Record<string, unknown>;

/** A failure the client caused or may see; turned into API.md's error shape in one place below. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Details,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const unauthenticated = () => new AppError(401, 'unauthenticated', NOT_AUTHENTICATED_MESSAGE);
export const invalidInput = (field: string, message: string) =>
  new AppError(400, 'validation_failed', message, [{ field, message }]);
export const rateLimited = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Please try again later.',
) => new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** How long a client should wait before trying again after a 503: a lost connection is back by then. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;
/** 503: the database, or the whole server, cannot serve now; nothing is wrong with the request. */
export const unavailable = (message: string) =>
  new AppError(503, 'unavailable', message, undefined, {
    'retry-after': String(RETRY_AFTER_UNAVAILABLE_SECONDS),
  });

export function errorBody<D extends Details = FieldErrors>(
  code: string,
  message: string,
  details?: D,
): { error: { code: string; message: string; details?: D } } {
  const hasDetails = Array.isArray(details) ? details.length > 0 : details !== undefined;
  return { error: hasDetails ? { code, message, details } : { code, message } };
}

/** Fastify's own client errors (bad JSON, wrong content type, huge body) keep their 4xx status. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'validation_failed',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'validation_failed', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'validation_failed' },
};

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that cannot be percent-decoded)
 * bypass the error handler below, so they get API.md's shape here.
 */
export function frameworkError(err: FastifyError, _request: unknown, reply: FastifyReply): void {
  void reply
    .code(400)
    .send(
      errorBody(
        'validation_failed',
        err.code === 'FST_ERR_BAD_URL' ? 'The request URL is not valid' : 'Bad request',
      ),
    );
}

export const sendError = (reply: FastifyReply, err: AppError): FastifyReply =>
  reply
    .code(err.status)
    .headers(err.headers)
    .send(errorBody(err.code, err.message, err.details));

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return sendError(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      const where = err.validationContext === 'body' ? '' : ` in ${err.validationContext ?? 'request'}`;
      const first = details[0];
      const message = first
        ? `${first.field ? `${first.field}: ` : ''}${first.message}${where}`
        : 'Invalid request';
      return reply.code(400).send(errorBody('validation_failed', message, details));
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.code, known.message ?? err.message));
    if (err.statusCode === 429) {
      return reply.code(429).send(errorBody('rate_limited', 'Too many requests. Please try again later.'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody('validation_failed', err.message));
    }
    // The request's one line logs the error with its stack (request-log.ts).
    recordFailure(request, err);
    if (isTransientDatabaseError(err)) {
      return sendError(reply, unavailable('The database is unavailable. Please try again shortly.'));
    }
    return reply.code(500).send(errorBody('internal', 'Something went wrong on our side'));
  });
}

type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/** Unknown paths: the React app's own routes get index.html (SPA routing), the rest a JSON 404. */
export function installNotFoundHandler(app: FastifyInstance, pageFallback: PageFallback | null): void {
  app.setNotFoundHandler(
    (request, reply) =>
      pageFallback?.(request, reply) ??
      reply
        .code(404)
        .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}
