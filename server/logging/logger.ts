import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type DestinationStream, pino, stdSerializers } from 'pino';
import { type PrettyOptions, build as pinoPretty } from 'pino-pretty';
import type { LogFormat } from '../config.js';

/**
 * Request fields that carry credentials (sign-up, login, password change, account deletion, personal
 * tokens, OAuth RFC 6749 / 7636 / 7009 and the consent calls): whoever logs a body or a query, these are
 * censored. `code` is only censored inside a body or query: an error's `code` (ECONNREFUSED) must stay.
 */
export const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'secret',
  'refresh_token',
  'access_token',
  'client_secret',
  // An invite link's secret (sign-up and single sign-on bodies).
  'invite',
  'code_verifier',
  'session_token',
  'code',
] as const;
export const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'set-cookie'] as const;
/** What a censored value is replaced with (pino's default). */
export const REDACTED = '[Redacted]';

/** Node reads headers in lower case; headers a program writes are often capitalised (Set-Cookie). */
const spellings = (name: string) => [name, name.replace(/(^|-)\w/g, (start) => start.toUpperCase())];

const REDACT_PATHS = [
  ...CREDENTIAL_HEADERS.flatMap(spellings).flatMap((name) =>
    ['req.headers', 'res.headers', 'headers', '*.headers'].map((at) => `${at}["${name}"]`),
  ),
  ...SECRET_FIELDS.flatMap((name) => [
    ...['body', 'query', 'req.body', 'req.query'].map((at) => `${at}.${name}`),
    ...(name === 'code' ? [] : [name, `*.${name}`]),
  ]),
];

/** The path without its query string, which can carry a secret (an OAuth request's handle, a search). */
export const pathOf = (url: string): string => url.split('?', 1)[0] ?? '';

/**
 * A public folder page's token is its path (/s/<token>, /s/<token>/feed.atom): whoever reads it in a log
 * reads the folder, so the request lines keep the route and drop the token, whatever was asked.
 */
const PUBLIC_PAGE_TOKEN = /^\/s\/[^/]+/;

/** The path as a request line shows it: no query, no public page's token. */
export const loggedPath = (url: string): string => pathOf(url).replace(PUBLIC_PAGE_TOKEN, `/s/${REDACTED}`);

/** A URL's query string within any text: from `?` to a space, a quote or a `#`. */
const QUERY_IN_URL = /(\b[a-z][\w+.-]*:\/\/[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;

/** Fields that hold a URL, whole or not parseable (an invalid URL's `input`): cut at their `?`. */
const URL_FIELDS = new Set(['input', 'url', 'href', 'location']);

/** `value` with the query of every URL in its text dropped, a few levels deep (an error's cause). */
function withoutQueries(value: unknown, depth = 3): unknown {
  if (typeof value === 'string') return value.replace(QUERY_IN_URL, `$1?${REDACTED}`);
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutQueries(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      URL_FIELDS.has(key) && typeof item === 'string' && item.includes('?')
        ? `${pathOf(item)}?${REDACTED}`
        : withoutQueries(item, depth - 1),
    ]),
  );
}

/**
 * An error as pino writes it, less what can hold a credential: the raw request Node attaches to an HTTP
 * parse error (`rawPacket`: its headers, Authorization and Cookie included; Fastify logs these at trace),
 * and the query of a URL it carries (an invalid URL's `input`, a redirect's target, a fetch's message).
 */
function serializeError(err: Error): unknown {
  const serialized: unknown = stdSerializers.err(err);
  if (serialized !== null && typeof serialized === 'object')
    delete (serialized as { rawPacket?: unknown }).rawPacket;
  return withoutQueries(serialized);
}

/**
 * `req` is how Fastify logs a request (its own lines and http/request-log.ts): what was asked and of
 * which route, never its headers or query. Whatever else is logged as `req` is read the same way: a
 * logger must not throw.
 */
const serializers = {
  req: (request: Partial<FastifyRequest>) => ({
    method: request.method,
    url: typeof request.url === 'string' ? loggedPath(request.url) : undefined,
    route: request.routeOptions?.url,
  }),
  err: serializeError,
};

/** A request line (Fastify's `req`, `res` and `responseTime`) as a person reads it in a terminal. */
interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  aborted?: boolean;
}

function summary(line: RequestLine): string | null {
  if (!line.req?.method) return null;
  const status = line.res?.statusCode ?? '---';
  const ms = line.responseTime === undefined ? '' : ` ${line.responseTime} ms`;
  return `${status} ${line.req.method} ${line.req.url}${ms}${line.aborted ? ' (client went away)' : ''}`;
}

/**
 * pino-pretty runs in this thread as the logger's stream, not as a worker-thread transport: a transport
 * cannot take `messageFormat` (functions do not cross to a worker), costs a thread and its memory (README
 * "Memory"), and writes behind the process, so the last lines before an exit could be lost. A person's
 * terminal sees few lines, so formatting them here costs nothing that matters.
 */
function prettyStream(destination: DestinationStream | NodeJS.WritableStream | undefined) {
  const options: PrettyOptions = {
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    // The summary says it all; an error's stack still follows on its own lines.
    ignore: 'pid,hostname,reqId,req,res,responseTime,aborted',
    messageFormat: (line, messageKey) => summary(line) ?? (line[messageKey] as string | undefined) ?? '',
  };
  return pinoPretty(destination ? { ...options, destination, colorize: false } : options);
}

/**
 * The server's logger: JSON lines (one object a line, for a machine to collect) or pretty ones (for a
 * person at a terminal; config.ts chooses by LOG_FORMAT or whether stdout is a terminal). Credentials
 * never reach either. `destination` defaults to stdout; tests give a file or a stream.
 */
export function createLogger(
  level: string,
  format: LogFormat = 'json',
  destination?: DestinationStream | NodeJS.WritableStream,
): FastifyBaseLogger {
  const options = { level, redact: REDACT_PATHS, serializers };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return pino(options, destination);
}
