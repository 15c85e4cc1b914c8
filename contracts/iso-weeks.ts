/**
 * ISO 8601 weeks (Monday to Sunday; week 1 holds the year's first Thursday), for GET /api/insights and the
 * Insights page's week picker. Calendar dates are 'YYYY-MM-DD' strings; a day's arithmetic is done on UTC
 * midnights, where every day is 24 hours long, whatever zone the dates are meant in.
 */

export interface IsoWeek {
  year: number;
  week: number;
}

export const ISO_WEEK_MESSAGE = 'week must be an ISO week like 2026-W47';
export const TIME_ZONE_MESSAGE = 'tz must be an IANA time zone like Europe/Paris';

/** Links carry no date before 1970: earlier weeks are refused rather than computed in a calendar of no use. */
const FIRST_YEAR = 1970;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

const dayNumberOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 for Monday to 7 for Sunday. */
const isoWeekday = (day: number): number => ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The date `days` days after `date` (before, when negative). */
export const addDays = (date: string, days: number): string => dateOfDayNumber(dayNumberOf(date) + days);

/** The ISO week a calendar date falls in: the week of its Thursday, in the year of that Thursday. */
export function isoWeekOf(date: string): IsoWeek {
  const day = dayNumberOf(date);
  const thursday = day - isoWeekday(day) + 4;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const januaryFirst = dayNumberOf(`${pad(year, 4)}-01-01`);
  return { year, week: Math.floor((thursday - januaryFirst) / 7) + 1 };
}

/** 52 or 53: 28 December is always in a year's last week. */
export const weeksInYear = (year: number): number => isoWeekOf(`${pad(year, 4)}-12-28`).week;

/** The week's seven dates, Monday first. 4 January is always in week 1. */
export function datesOfWeek({ year, week }: IsoWeek): string[] {
  const fourth = dayNumberOf(`${pad(year, 4)}-01-04`);
  const monday = fourth - isoWeekday(fourth) + 1 + (week - 1) * 7;
  return Array.from({ length: 7 }, (_, i) => dateOfDayNumber(monday + i));
}

export const formatIsoWeek = ({ year, week }: IsoWeek): string => `${pad(year, 4)}-W${pad(week, 2)}`;

/** '2026-W47' as a week; null for anything else, a week 53 in a year of 52 among them. */
export function parseIsoWeek(text: string): IsoWeek | null {
  const match = WEEK_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (year < FIRST_YEAR || week < 1 || week > weeksInYear(year)) return null;
  return { year, week };
}

/** The week `weeks` weeks after `week` (before, when negative). */
export const shiftWeek = (week: IsoWeek, weeks: number): IsoWeek =>
  isoWeekOf(addDays(datesOfWeek(week)[0] as string, weeks * 7));

/** Negative when `a` comes before `b`, zero for the same week. */
export const compareWeeks = (a: IsoWeek, b: IsoWeek): number => a.year - b.year || a.week - b.week;

/** Whether `zone` is a time zone this runtime knows by its IANA name (or an offset like +01:00). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date at `instant` (ms since the epoch) in `timeZone`. */
export function dateIn(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The week under way at `instant` in `timeZone`. */
export const currentWeek = (instant: number, timeZone: string): IsoWeek =>
  isoWeekOf(dateIn(instant, timeZone));
