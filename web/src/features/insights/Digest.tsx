import { Link as RouterLink } from 'react-router';
import type { Insights } from '../../../../contracts/index.js';
import { formatCount } from '../../../../ui/lib/format';
import { linkHref } from '../../../../ui/lib/linkHref';

/** The week's newest links, each title opening its details, with the short summary enrichment wrote. */
export function Digest({ digest, saved }: { digest: Insights['digest']; saved: number }) {
  const rest = saved - digest.length;
  return (
    <>
      <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {digest.map((entry) => (
          <li key={entry.linkId} className="px-4 py-3.5">
            <RouterLink
              to={linkHref(entry.linkId)}
              className="text-sm font-medium wrap-anywhere text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-100"
            >
              {entry.title}
            </RouterLink>
            {entry.summaryShort ? (
              <p className="mt-1 line-clamp-3 text-sm leading-6 wrap-anywhere text-slate-600 dark:text-slate-400">
                {entry.summaryShort}
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-500 italic dark:text-slate-400">No summary yet.</p>
            )}
          </li>
        ))}
      </ol>
      {rest > 0 && (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          And {formatCount(rest)} more saved this week.
        </p>
      )}
    </>
  );
}
