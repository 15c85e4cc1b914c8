import type { EnrichmentStatus, Platform } from '../../../../contracts/index.js';
import { AlertIcon, ClockIcon, SparklesIcon } from '../dashboard/icons';

/** SPEC.md §4: badges: queued 'Queued'; processing 'Enriching'; enriched none; failed 'Failed'. */
export function EnrichmentBadge({ status }: { status: EnrichmentStatus }) {
  switch (status) {
    case 'queued':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
          <ClockIcon className="size-3" />
          Queued
        </span>
      );
    case 'processing':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100 ring-inset dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/30">
          <SparklesIcon className="size-3 motion-safe:animate-pulse" />
          Enriching
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-100 ring-inset dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30">
          <AlertIcon className="size-3" />
          Failed
        </span>
      );
    case 'enriched':
    case 'none':
      return null;
  }
}

/** SPEC.md §4: what the Link Details panel says while a link is not (yet) enriched. */
export const ENRICHMENT_TEXT: Partial<Record<EnrichmentStatus, string>> = {
  queued: 'Summary and key points will appear shortly.',
  processing: 'Enriching this link. This usually takes 30-60 seconds.',
  failed: "We couldn't enrich this link. The system will automatically retry.",
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  youtube: 'YouTube',
  twitter: 'X / Twitter',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  generic: 'Web page',
};
