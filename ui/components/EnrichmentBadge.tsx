import type { Platform } from '../../contracts/index.js';
import { AlertIcon, ClockIcon, SparklesIcon } from './icons';
import { type EnrichmentState, enrichmentPhase } from '../lib/enrichmentStatus';

const BADGE_STYLES = {
  quiet:
    'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
  working:
    'bg-brand-50 text-brand-700 ring-brand-100 dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/30',
  warning:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30',
  failed: 'bg-red-50 text-red-700 ring-red-100 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30',
} as const;

/** SPEC.md §4 badges (queued 'Queued', processing 'Enriching', failed 'Failed'), and the truth between. */
export function EnrichmentBadge({ link }: { link: EnrichmentState }) {
  const phase = enrichmentPhase(link);
  if (phase === 'done') return null;
  const badge = {
    queued: { style: BADGE_STYLES.quiet, icon: <ClockIcon className="size-3" />, label: 'Queued' },
    retrying: { style: BADGE_STYLES.warning, icon: <ClockIcon className="size-3" />, label: 'Retrying' },
    processing: {
      style: BADGE_STYLES.working,
      icon: <SparklesIcon className="size-3 motion-safe:animate-pulse" />,
      label: link.enrichmentAttempts > 1 ? `Enriching (attempt ${link.enrichmentAttempts})` : 'Enriching',
    },
    'not-fetched': {
      style: BADGE_STYLES.quiet,
      icon: <AlertIcon className="size-3" />,
      label: 'Not fetched',
    },
    failed: { style: BADGE_STYLES.failed, icon: <AlertIcon className="size-3" />, label: 'Failed' },
  }[phase];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${badge.style}`}
    >
      {badge.icon}
      {badge.label}
    </span>
  );
}

export const PLATFORM_LABELS: Record<Platform, string> = {
  youtube: 'YouTube',
  twitter: 'X / Twitter',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  generic: 'Web page',
};
