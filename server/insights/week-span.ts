import { type IsoWeek, addDays, currentWeek, datesOfWeek, shiftWeek } from '../../contracts/index.js';

/**
 * An ISO week as the database compares it: its seven dates and its eight midnights (Monday's to the next
 * Monday's) as UTC instants, ISO strings as links.created_at holds them. A day in a time zone with a
 * clock change is 23 or 25 hours long.
 */
export interface WeekSpan {
  dates: string[];
  midnights: string[];
}

export const startOf = (span: WeekSpan): string => span.midnights[0] as string;
export const endOf = (span: WeekSpan): string => span.midnights[7] as string;

export function weekSpan(week: IsoWeek, timeZone: string): WeekSpan {
  const dates = datesOfWeek(week);
  const nextMonday = addDays(dates[6] as string, 1);
  return {
    dates,
    midnights: [...dates, nextMonday].map((date) => new Date(midnightIn(date, timeZone)).toISOString()),
  };
}

/** The first instant of the next week in `timeZone` after `instant`: the next Monday's midnight there. */
export const nextMondayAfter = (instant: number, timeZone: string): number =>
  midnightIn(datesOfWeek(shiftWeek(currentWeek(instant, timeZone), 1))[0] as string, timeZone);

/**
 * When `date` begins in `timeZone` (ms since the epoch). The zone's offset is read at a first guess and
 * again where that leads; they differ only around a clock change. Where the change skips midnight (the
 * clock goes from 23:59 to 01:00), the day begins when the clock resumes, the later of the two.
 */
export function midnightIn(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const first = offsetAt(wall, timeZone);
  const second = offsetAt(wall - first, timeZone);
  if (first === second || offsetAt(wall - second, timeZone) === second) return wall - second;
  return wall - Math.min(first, second);
}

/** How far ahead of UTC the clocks of `timeZone` are at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}
