import { type IsoWeek, compareWeeks, shiftWeek, weekLabel } from '../../../../contracts/index.js';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../../ui/components/icons';

const stepClass =
  'grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/**
 * The week shown, and the weeks before and after it: ISO weeks, Monday to Sunday. The week under way is the
 * last one there is: a later week has nothing to show (and the API refuses it).
 */
export function WeekPicker({
  week,
  current,
  onChange,
}: {
  week: IsoWeek;
  current: IsoWeek;
  onChange: (week: IsoWeek) => void;
}) {
  const atCurrent = compareWeeks(week, current) >= 0;
  const lastWeek = compareWeeks(week, shiftWeek(current, -1)) === 0;
  const which = atCurrent
    ? 'This week, so far'
    : lastWeek
      ? 'Last week'
      : `Week ${week.week} of ${week.year}`;
  return (
    <nav
      aria-label="Week"
      className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-1.5 dark:border-slate-800 dark:bg-slate-900"
    >
      <button
        type="button"
        className={stepClass}
        aria-label="Previous week"
        title="Previous week"
        onClick={() => onChange(shiftWeek(week, -1))}
      >
        <ChevronLeftIcon className="size-5" />
      </button>
      <p className="min-w-0 text-center" aria-live="polite">
        <span className="block text-sm font-semibold text-slate-900 sm:text-base dark:text-white">
          {weekLabel(week)}
        </span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{which}</span>
      </p>
      <button
        type="button"
        className={stepClass}
        aria-label="Next week"
        title="Next week"
        disabled={atCurrent}
        onClick={() => onChange(shiftWeek(week, 1))}
      >
        <ChevronRightIcon className="size-5" />
      </button>
    </nav>
  );
}
