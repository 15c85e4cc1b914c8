import { ENRICHMENT_MAX_ATTEMPTS } from '../../contracts/constants.js';
import type { Link } from '../../contracts/index.js';
import { daysOld } from './dates';

export type EnrichmentState = Pick<
  Link,
  'enrichmentStatus' | 'enrichmentAttempts' | 'enrichmentRetryAt' | 'enrichmentError'
>;

/**
 * What a person is told about a link's enrichment (SPEC.md §4: the status is the truth).
 * `retrying`: an attempt failed and the next one is scheduled; `not-fetched`: the site refused the
 * request, so the card shows what its address tells (platform, a title from the URL), not a failure to
 * alarm anyone; `failed`: no attempt is left.
 */
export type EnrichmentPhase = 'queued' | 'retrying' | 'processing' | 'not-fetched' | 'failed' | 'done';

export function enrichmentPhase(link: EnrichmentState): EnrichmentPhase {
  switch (link.enrichmentStatus) {
    case 'queued':
      return link.enrichmentError && link.enrichmentRetryAt ? 'retrying' : 'queued';
    case 'processing':
      return 'processing';
    case 'failed':
      return link.enrichmentError?.reason === 'refused' ? 'not-fetched' : 'failed';
    case 'enriched':
    case 'none':
      return 'done';
  }
}

/**
 * What the Link Details panel says while a link is not (yet) enriched: SPEC.md §4's texts, with the
 * attempt, the reason and the time of the next try once an attempt has failed. "Will retry" is said only
 * while a retry is scheduled.
 */
export function enrichmentText(link: EnrichmentState, now = new Date()): string | null {
  const reason = link.enrichmentError?.message;
  switch (enrichmentPhase(link)) {
    case 'queued':
      return 'Summary and key points will appear shortly.';
    case 'retrying':
      return `Attempt ${link.enrichmentAttempts} of ${ENRICHMENT_MAX_ATTEMPTS} failed: ${reason}. Linkvault will try again ${retryTime(link.enrichmentRetryAt as string, now)}.`;
    case 'processing':
      return link.enrichmentAttempts > 1
        ? `Enriching this link (attempt ${link.enrichmentAttempts} of ${ENRICHMENT_MAX_ATTEMPTS}). This usually takes 30-60 seconds.`
        : 'Enriching this link. This usually takes 30-60 seconds.';
    case 'not-fetched':
      return `Not fetched: ${lowerFirst(reason ?? '')}. The card shows what its address tells.`;
    case 'failed':
      return reason
        ? `We couldn't enrich this link: ${lowerFirst(reason)}.`
        : "We couldn't enrich this link.";
    case 'done':
      return null;
  }
}

/** "at 14:05" today, else "on Nov 25 at 09:00", in the viewer's own clock. */
function retryTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (at.getTime() <= now.getTime() || daysOld(now, at) === 0) return `at ${time}`;
  return `on ${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} at ${time}`;
}

/** "No such site" reads "no such site" inside a sentence; "The site refused…" likewise. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
