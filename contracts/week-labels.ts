import { type IsoWeek, datesOfWeek } from './iso-weeks.js';

/**
 * Calendar dates ('YYYY-MM-DD') and ISO weeks as US English words (SPEC.md §2), read as the dates they
 * are, in UTC: the Insights page and the weekly report's e-mail and feed name weeks alike.
 */
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** "Nov 16 – 22, 2026"; "Nov 30 – Dec 6, 2026" across a month; "Dec 28, 2026 – Jan 3, 2027" across a year. */
export function weekLabel(week: IsoWeek): string {
  const dates = datesOfWeek(week);
  const first = dates[0] as string;
  const last = dates[6] as string;
  if (first.slice(0, 4) !== last.slice(0, 4)) {
    return `${monthDayYear.format(at(first))} – ${monthDayYear.format(at(last))}`;
  }
  const end =
    first.slice(5, 7) === last.slice(5, 7) ? String(Number(last.slice(8))) : monthDay.format(at(last));
  return `${monthDay.format(at(first))} – ${end}, ${last.slice(0, 4)}`;
}

/** "Mon" */
export const shortWeekday = (date: string): string => weekday.format(at(date));

/** "Monday, November 16" */
export const dayLabel = (date: string): string => longDay.format(at(date));
