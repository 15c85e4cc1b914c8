import type { EnrichmentError } from '../../contracts/index.js';
import { HttpStatusError } from './enricher.js';
import { FetchRefused } from '../fetch/safe-fetcher.js';

/** System errors of the network, wherever undici or the resolver put them (the error or its cause). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);
const TIMED_OUT = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/**
 * Why an attempt failed, in words a person reads on the link, and whether another attempt could
 * change it: a page that is gone, or an address Linkvault will not fetch, fails for good at once.
 */
export function describeFailure(err: unknown): EnrichmentError & { permanent: boolean } {
  if (err instanceof FetchRefused) return { ...err.failure, permanent: true };
  if (err instanceof HttpStatusError) {
    const status = err.status;
    if (status === 404 || status === 410)
      return { reason: 'gone', message: `The page is gone (${status})`, permanent: true };
    if (status >= 500)
      return { reason: 'site_error', message: `The site failed to answer (${status})`, permanent: false };
    return {
      reason: 'refused',
      message: `The site refused the request (${status})`,
      // 451: unavailable for legal reasons, which no retry changes.
      permanent: status === 451,
    };
  }
  const code = errorCode(err);
  if (code === 'ENOTFOUND') return { reason: 'no_such_site', message: 'No such site', permanent: false };
  if ((code && TIMED_OUT.has(code)) || nameOf(err) === 'TimeoutError')
    return { reason: 'timed_out', message: 'Timed out', permanent: false };
  if (code && UNREACHABLE.has(code))
    return { reason: 'unreachable', message: 'The site could not be reached', permanent: false };
  return { reason: 'unreadable', message: 'The page could not be read', permanent: false };
}

function errorCode(err: unknown): string | null {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

const nameOf = (err: unknown) => (err instanceof Error || err instanceof DOMException ? err.name : null);
