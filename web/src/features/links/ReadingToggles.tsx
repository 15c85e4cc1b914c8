import type { Link } from '../../../../contracts/index.js';
import { ArchiveIcon, CheckCircleIcon, StarIcon } from '../../../../ui/components/icons';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { type ReadingMark, markLabel, markOn, toggled } from './readingMarks';

const TOGGLES: { mark: ReadingMark; label: string; key: string; Icon: typeof StarIcon }[] = [
  { mark: 'favorite', label: 'Favourite', key: 'F', Icon: StarIcon },
  { mark: 'read', label: 'Read', key: 'M', Icon: CheckCircleIcon },
  { mark: 'archive', label: 'Archived', key: 'E', Icon: ArchiveIcon },
];

/** Link Details' reading marks as toggle buttons: pressed when the mark is on, its key in the tooltip. */
export function ReadingToggles({ link }: { link: Link }) {
  const actions = useDashboardActions();
  return (
    <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Reading">
      {TOGGLES.map(({ mark, label, key, Icon }) => {
        const on = markOn(link, mark);
        return (
          <button
            key={mark}
            type="button"
            aria-pressed={on}
            title={`${markLabel(link, mark)} (${key})`}
            onClick={() => actions.markLink(link, toggled(link, mark))}
            className={`inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium transition-colors ${
              on
                ? 'border-brand-200 bg-brand-50 text-brand-700 dark:border-brand-500/40 dark:bg-brand-500/15 dark:text-brand-100'
                : 'border-slate-200 text-slate-600 hover:bg-slate-50 hover:text-slate-900 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
            }`}
          >
            <Icon className="size-4" fill={mark === 'favorite' && on ? 'currentColor' : 'none'} />
            {label}
          </button>
        );
      })}
    </div>
  );
}
