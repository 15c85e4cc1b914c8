import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../../../ui/lib/format';

export interface CountItem {
  key: string;
  label: string;
  count: number;
  /** Where the item's links are listed, when the dashboard has such a list. */
  to?: string;
}

/** How many shown before "and N more": the lists sit side by side and should end near each other. */
const SHOWN = 6;

/**
 * One breakdown of the week's links (by folder, platform or tag): each name with its count and a bar of its
 * share of the largest, most first. A name with a list of its own links to it.
 */
export function CountList({
  title,
  items,
  more,
}: {
  title: string;
  items: CountItem[];
  /** What the items beyond those shown are called: "folders", "tags". */
  more: string;
}) {
  const most = Math.max(1, ...items.map((item) => item.count));
  const hidden = items.length - SHOWN;
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">None this week.</p>
      ) : (
        <ul className="mt-3 space-y-2.5">
          {items.slice(0, SHOWN).map((item) => (
            <li key={item.key} className="text-sm">
              <span className="flex items-baseline justify-between gap-3">
                <Name item={item} />
                <span className="shrink-0 text-xs font-medium text-slate-600 tabular-nums dark:text-slate-300">
                  {formatCount(item.count)}
                </span>
              </span>
              <span
                aria-hidden="true"
                className="mt-1 block h-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
              >
                <span
                  className="block h-full rounded-full bg-brand-500/70"
                  style={{ width: `${(item.count / most) * 100}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
          and {formatCount(hidden)} more {more}
        </p>
      )}
    </section>
  );
}

function Name({ item }: { item: CountItem }): ReactNode {
  const className = 'min-w-0 truncate text-slate-700 dark:text-slate-200';
  if (!item.to)
    return (
      <span className={className} title={item.label}>
        {item.label}
      </span>
    );
  return (
    <RouterLink
      to={item.to}
      title={item.label}
      className={`${className} rounded hover:text-brand-700 hover:underline dark:hover:text-brand-100`}
    >
      {item.label}
    </RouterLink>
  );
}
