import { describe, expect, it } from 'vitest';
import {
  compareWeeks,
  currentWeek,
  dateIn,
  datesOfWeek,
  formatIsoWeek,
  isTimeZone,
  isoWeekOf,
  parseIsoWeek,
  shiftWeek,
  weeksInYear,
} from './iso-weeks.js';

describe('ISO weeks', () => {
  it.each([
    ['2026-11-16', '2026-W47'],
    ['2026-11-22', '2026-W47'],
    ['2026-11-23', '2026-W48'],
    // A year's first days may belong to the last year's last week, and its last days to next year's first.
    ['2026-01-01', '2026-W01'],
    ['2025-12-29', '2026-W01'],
    ['2027-01-01', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
  ])('%s is in %s', (date, week) => {
    expect(formatIsoWeek(isoWeekOf(date))).toBe(week);
  });

  it('counts 52 or 53 weeks in a year', () => {
    expect([2020, 2021, 2025, 2026, 2027].map(weeksInYear)).toEqual([53, 52, 52, 53, 52]);
  });

  it("lists a week's dates from Monday to Sunday, across a month's and a year's end", () => {
    expect(datesOfWeek({ year: 2026, week: 47 })).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(datesOfWeek({ year: 2026, week: 53 })).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(datesOfWeek({ year: 2026, week: 1 })[0]).toBe('2025-12-29');
  });

  it('reads weeks as written, and nothing else', () => {
    expect(parseIsoWeek('2026-W47')).toEqual({ year: 2026, week: 47 });
    expect(parseIsoWeek('2026-W53')).toEqual({ year: 2026, week: 53 });
    for (const text of [
      '2025-W53',
      '2026-W00',
      '2026-W54',
      '2026-w47',
      '2026W47',
      '26-W47',
      '2026-W7',
      ' 2026-W47',
      '2026-W47 ',
      '1969-W52',
      '2026-11-16',
      '',
    ]) {
      expect(parseIsoWeek(text), text).toBeNull();
    }
  });

  it('steps from week to week over a year of 53', () => {
    expect(shiftWeek({ year: 2026, week: 53 }, 1)).toEqual({ year: 2027, week: 1 });
    expect(shiftWeek({ year: 2027, week: 1 }, -1)).toEqual({ year: 2026, week: 53 });
    expect(shiftWeek({ year: 2026, week: 47 }, -47)).toEqual({ year: 2025, week: 52 });
    expect(compareWeeks({ year: 2026, week: 53 }, { year: 2027, week: 1 })).toBeLessThan(0);
    expect(compareWeeks({ year: 2026, week: 2 }, { year: 2026, week: 2 })).toBe(0);
  });

  it('knows time zones by their IANA names', () => {
    expect(['UTC', 'Europe/Paris', 'America/Los_Angeles', 'Asia/Kolkata'].every(isTimeZone)).toBe(true);
    expect(['Mars/Olympus_Mons', '', 'Europe/Paris\u0000', '../../etc'].some(isTimeZone)).toBe(false);
  });

  it('finds the date and the week under way at an instant in a time zone', () => {
    const sundayNight = Date.parse('2026-11-22T23:30:00Z');
    expect(dateIn(sundayNight, 'UTC')).toBe('2026-11-22');
    expect(dateIn(sundayNight, 'Europe/Paris')).toBe('2026-11-23');
    expect(formatIsoWeek(currentWeek(sundayNight, 'UTC'))).toBe('2026-W47');
    expect(formatIsoWeek(currentWeek(sundayNight, 'Europe/Paris'))).toBe('2026-W48');
    expect(formatIsoWeek(currentWeek(sundayNight, 'America/New_York'))).toBe('2026-W47');
  });
});
