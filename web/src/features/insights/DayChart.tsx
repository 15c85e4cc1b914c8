import { type Insights, dayLabel, shortWeekday } from '../../../../contracts/index.js';
import { formatCount, linksLabel } from '../../../../ui/lib/format';

/**
 * Links saved each day of the week: seven bars, each scaled to the busiest day, with its count above it and
 * its day below. A list for assistive technology: each day is read as one sentence ("Monday, November 16:
 * 3 links"), the bars and short labels being only what the eye takes in.
 */
export function DayChart({ days }: { days: Insights['byDay'] }) {
  const most = Math.max(1, ...days.map((day) => day.count));
  return (
    <ol
      aria-label="Links saved each day"
      className="grid h-48 grid-cols-7 gap-1.5 rounded-xl border border-slate-200 bg-white px-3 pt-4 pb-3 sm:gap-3 sm:px-5 dark:border-slate-800 dark:bg-slate-900"
    >
      {days.map((day) => {
        const said = `${dayLabel(day.date)}: ${linksLabel(day.count)}`;
        return (
          <li key={day.date} title={said} className="flex min-w-0 flex-col items-center gap-1.5">
            <span className="sr-only">{said}</span>
            <span
              aria-hidden="true"
              className="text-xs font-medium text-slate-600 tabular-nums dark:text-slate-300"
            >
              {formatCount(day.count)}
            </span>
            <span aria-hidden="true" className="flex w-full min-h-0 flex-1 items-end justify-center">
              <span
                className={`w-full max-w-10 rounded-t-md ${
                  day.count > 0 ? 'bg-brand-500 dark:bg-brand-500' : 'bg-slate-200 dark:bg-slate-700'
                }`}
                style={{ height: day.count > 0 ? `${Math.max(4, (day.count / most) * 100)}%` : '2px' }}
              />
            </span>
            <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
              {shortWeekday(day.date)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
