/**
 * Date grouping of SPEC.md §5: by whole days old, 0 Today, 1 Yesterday, under 7 Last week, under 30
 * Last month, else Older. "Days old" counts calendar days in the viewer's time zone, not 24-hour spans:
 * a link saved at 23:00 and looked at the next morning was saved yesterday, whatever the clock says.
 */

export const DATE_GROUPS = ['Today', 'Yesterday', 'Last week', 'Last month', 'Older'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days between `date` and `now` (local time); never negative (a clock ahead counts as today). */
export function daysOld(date: Date | string, now: Date = new Date()): number {
  const then = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) return 0;
  const startOfThen = new Date(then.getFullYear(), then.getMonth(), then.getDate()).getTime();
  const startOfNow = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  // Math.round absorbs the 23- and 25-hour days of daylight-saving changes.
  return Math.max(0, Math.round((startOfNow - startOfThen) / DAY_MS));
}

export function dateGroupOf(days: number): DateGroup {
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return 'Last week';
  if (days < 30) return 'Last month';
  return 'Older';
}

export type Grouped<T> = { group: DateGroup; items: T[] };

/**
 * Splits a newest-first list into consecutive date groups, keeping the list's order. A group that
 * reappears after another (an out-of-order list) starts a new section rather than reordering items.
 */
export function groupByDate<T>(
  items: readonly T[],
  createdAt: (item: T) => string,
  now = new Date(),
): Grouped<T>[] {
  const groups: Grouped<T>[] = [];
  for (const item of items) {
    const group = dateGroupOf(daysOld(createdAt(item), now));
    const last = groups.at(-1);
    if (last && last.group === group) last.items.push(item);
    else groups.push({ group, items: [item] });
  }
  return groups;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** SPEC.md §2: dates in US English short format, e.g. "Oct 20, 2025". */
export function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : shortDateTime.format(date);
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A time of day in US English, e.g. "3:42 PM": what an item under the Today heading shows. */
export function formatTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : timeOfDay.format(date);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
/** Past this, a date says more than "5 weeks ago". */
const RELATIVE_LIMIT_DAYS = 30;

/**
 * How long ago, in words ("just now", "5 minutes ago", "yesterday", "3 days ago"); a month or more back,
 * the date itself. For "last active": whether someone still uses their account is a question of how long.
 */
export function formatTimeAgo(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  // A clock a little ahead of the server's reads as now, not as "in 2 minutes".
  const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const days = daysOld(date, now);
  if (days >= RELATIVE_LIMIT_DAYS) return formatDate(date);
  // Calendar days from yesterday on, as the date groups count them: 23:00 seen at 9:00 was yesterday.
  if (days >= 1) return relative.format(-days, 'day');
  if (seconds < 60 * 60) return relative.format(-Math.floor(seconds / 60), 'minute');
  return relative.format(-Math.floor(seconds / (60 * 60)), 'hour');
}
