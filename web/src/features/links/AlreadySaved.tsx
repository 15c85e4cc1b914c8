import type { Link } from '../../../../contracts/index.js';
import { formatDate } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { Favicon } from '../../../../ui/components/Favicon';

/** "Already in your vault": the link saved before for the same page (API.md "Normalized URL"). */
export function AlreadySaved({ link }: { link: Link }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-xl border border-brand-100 bg-brand-50 p-3 dark:border-brand-700/40 dark:bg-brand-700/10"
    >
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">Already in your vault</p>
      <div className="mt-2 flex items-center gap-3">
        <Favicon url={link.url} favicon={link.favicon} />
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium break-words text-slate-900 dark:text-white">
            {link.title || link.ogTitle || hostOf(link.url)}
          </p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{hostOf(link.url)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">Saved {formatDate(link.createdAt)}</p>
        </div>
      </div>
    </div>
  );
}
