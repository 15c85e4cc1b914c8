import { describe, expect, it } from 'vitest';
import type { Link } from '../../contracts/index.js';
import { type EnrichmentState, enrichmentPhase, enrichmentText } from './enrichmentStatus';

const NOW = new Date(2026, 10, 24, 10, 0);
const at = (hours: number, minutes = 0) =>
  new Date(2026, 10, 24 + Math.floor(hours / 24), hours % 24, minutes);
const clock = (date: Date) => date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const state = (
  enrichmentStatus: Link['enrichmentStatus'],
  more: Partial<EnrichmentState> = {},
): EnrichmentState => ({
  enrichmentStatus,
  enrichmentAttempts: 0,
  enrichmentRetryAt: null,
  enrichmentError: null,
  ...more,
});
const refused = { reason: 'refused', message: 'The site refused the request (403)' } as const;
const noSite = { reason: 'no_such_site', message: 'No such site' } as const;

describe('what a link says about its enrichment (the status is the truth)', () => {
  it('queued before any attempt: SPEC.md §4', () => {
    expect(enrichmentPhase(state('queued'))).toBe('queued');
    expect(enrichmentText(state('queued'), NOW)).toBe('Summary and key points will appear shortly.');
  });

  it('after a failed attempt: which, why, and when the next is due (today, or another day)', () => {
    const later = state('queued', {
      enrichmentAttempts: 2,
      enrichmentError: noSite,
      enrichmentRetryAt: at(10, 5).toISOString(),
    });
    expect(enrichmentPhase(later)).toBe('retrying');
    expect(enrichmentText(later, NOW)).toBe(
      `Attempt 2 of 5 failed: No such site. Linkvault will try again at ${clock(at(10, 5))}.`,
    );
    const tomorrow = { ...later, enrichmentRetryAt: at(24 + 9).toISOString() };
    expect(enrichmentText(tomorrow, NOW)).toMatch(/will try again on .+ at .+\.$/);
  });

  it('processing: the attempt number after the first', () => {
    expect(enrichmentText(state('processing', { enrichmentAttempts: 1 }), NOW)).toBe(
      'Enriching this link. This usually takes 30-60 seconds.',
    );
    expect(enrichmentText(state('processing', { enrichmentAttempts: 3 }), NOW)).toBe(
      'Enriching this link (attempt 3 of 5). This usually takes 30-60 seconds.',
    );
  });

  it('failed for good: the reason, and never "will retry"', () => {
    const failed = state('failed', { enrichmentAttempts: 5, enrichmentError: noSite });
    expect(enrichmentPhase(failed)).toBe('failed');
    expect(enrichmentText(failed, NOW)).toBe("We couldn't enrich this link: no such site.");
    expect(enrichmentText(state('failed'), NOW)).toBe("We couldn't enrich this link.");
  });

  it('a site that refuses fetchers: not fetched, not failed', () => {
    const blocked = state('failed', { enrichmentAttempts: 5, enrichmentError: refused });
    expect(enrichmentPhase(blocked)).toBe('not-fetched');
    expect(enrichmentText(blocked, NOW)).toBe(
      'Not fetched: the site refused the request (403). The card shows what its address tells.',
    );
  });

  it('enriched, or not to be enriched: nothing to say', () => {
    expect(enrichmentText(state('enriched', { enrichmentAttempts: 1 }), NOW)).toBeNull();
    expect(enrichmentText(state('none'), NOW)).toBeNull();
  });
});
