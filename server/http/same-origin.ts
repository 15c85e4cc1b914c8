import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The refresh cookie is SameSite=Strict, but a page on another port of the same host is the same
 * site, so the browser sends it along, and that page could sign a person out. A call that spends the cookie
 * to change state must come from the app's own origin: PUBLIC_URL's, or the one the request was addressed
 * to (the app opened by a LAN name such as http://nas.local:3000). A request without Origin is a script's,
 * unless the browser's Sec-Fetch-Site says it came from elsewhere.
 */
export function isOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin';
  }
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

/**
 * The refusal, logged with the origin seen and the ones expected: behind an https proxy without
 * PUBLIC_URL or TRUST_PROXY (README) every refresh is refused, and the log says why.
 */
export function crossOriginRefused(request: FastifyRequest, publicUrl: string): AppError {
  request.log.warn(
    {
      origin: request.headers.origin ?? null,
      secFetchSite: request.headers['sec-fetch-site'] ?? null,
      expected: [new URL(publicUrl).origin, `${request.protocol}://${request.host}`],
    },
    'session cookie refused: the call came from another origin',
  );
  return new AppError(403, 'forbidden', 'Requests from another origin may not use the session cookie');
}
