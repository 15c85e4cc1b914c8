import type { Verdict } from '../library/link-availability.repository.js';
import { HttpStatusError } from '../enrich/enricher.js';
import { describeFailure } from '../enrich/failure.js';
import type { FetchedPage } from '../fetch/safe-fetcher.js';

/** Asks for the page with `method`, when the checker's pace allows (each request counts). */
export type PacedRequest = (method: 'HEAD' | 'GET') => Promise<FetchedPage>;

/** Answers to HEAD from servers that only refuse the method, not the page: the page is asked for with GET. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);

/** A verdict from an answer's status: there (2xx, 3xx left after redirects), gone (404, 410), or unsure. */
function verdictOf(status: number): Verdict {
  if (status < 400) return 'ok';
  return describeFailure(new HttpStatusError(status)).reason === 'gone' ? 'gone' : 'unsure';
}

/**
 * Whether a page is still there, asked as lightly as the site allows: HEAD first (no body),
 * GET only when HEAD itself is refused. A host that no longer exists is gone; a timeout, a refused
 * connection or a server error says nothing sure, and so changes nothing.
 */
export async function checkLink(request: PacedRequest): Promise<Verdict> {
  try {
    const head = await request('HEAD');
    if (!HEAD_REFUSED.has(head.status)) return verdictOf(head.status);
    return verdictOf((await request('GET')).status);
  } catch (err) {
    return describeFailure(err).reason === 'no_such_site' ? 'gone' : 'unsure';
  }
}
