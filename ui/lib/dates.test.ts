import { describe, expect, it } from 'vitest';
import { dateGroupOf, daysOld, formatDate, formatTimeAgo, groupByDate } from './dates';

const at = (y: number, m: number, d: number, h = 12, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);

describe('daysOld', () => {
  const now = at(2025, 10, 20, 9, 30);

  it('counts calendar days in local time', () => {
    expect(daysOld(at(2025, 10, 20, 0, 1), now)).toBe(0);
    expect(daysOld(at(2025, 10, 19, 23, 59), now)).toBe(1);
    expect(daysOld(at(2025, 10, 13), now)).toBe(7);
    expect(daysOld(at(2024, 10, 20), now)).toBe(365);
  });

  it('treats future dates and invalid input as today', () => {
    expect(daysOld(at(2025, 10, 22), now)).toBe(0);
    expect(daysOld('not a date', now)).toBe(0);
  });

  it('accepts ISO strings', () => {
    expect(daysOld(at(2025, 10, 18, 15).toISOString(), now)).toBe(2);
  });

  it('is not thrown off by a daylight-saving change', () => {
    // Whichever zone the test runs in, a span of 10 calendar days stays 10 whole days.
    expect(daysOld(at(2025, 3, 25), at(2025, 4, 4))).toBe(10);
    expect(daysOld(at(2025, 10, 25), at(2025, 11, 4))).toBe(10);
  });
});

describe('dateGroupOf (SPEC.md §5)', () => {
  it.each([
    [0, 'Today'],
    [1, 'Yesterday'],
    [2, 'Last week'],
    [6, 'Last week'],
    [7, 'Last month'],
    [29, 'Last month'],
    [30, 'Older'],
    [400, 'Older'],
  ] as const)('%i days old is %s', (days, group) => {
    expect(dateGroupOf(days)).toBe(group);
  });
});

describe('groupByDate', () => {
  const now = at(2025, 10, 20, 18);
  const item = (id: string, date: Date) => ({ id, createdAt: date.toISOString() });

  it('groups a newest-first list under headings in order, keeping the order inside groups', () => {
    const items = [
      item('a', at(2025, 10, 20, 17)),
      item('b', at(2025, 10, 20, 8)),
      item('c', at(2025, 10, 19)),
      item('d', at(2025, 10, 16)),
      item('e', at(2025, 10, 1)),
      item('f', at(2025, 1, 1)),
      item('g', at(2024, 1, 1)),
    ];
    const groups = groupByDate(items, (i) => i.createdAt, now);
    expect(groups.map((g) => [g.group, g.items.map((i) => i.id).join('')])).toEqual([
      ['Today', 'ab'],
      ['Yesterday', 'c'],
      ['Last week', 'd'],
      ['Last month', 'e'],
      ['Older', 'fg'],
    ]);
  });

  it('leaves out groups without items', () => {
    const groups = groupByDate(
      [item('a', at(2025, 10, 20)), item('b', at(2020, 1, 1))],
      (i) => i.createdAt,
      now,
    );
    expect(groups.map((g) => g.group)).toEqual(['Today', 'Older']);
  });

  it('returns nothing for an empty list', () => {
    expect(groupByDate([], () => '', now)).toEqual([]);
  });
});

describe('formatDate', () => {
  it('uses the US English short format', () => {
    expect(formatDate(at(2025, 10, 20))).toBe('Oct 20, 2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('nope')).toBe('');
  });
});

describe('formatTimeAgo', () => {
  const now = at(2025, 10, 20, 9, 30);

  it('says minutes and hours on the same day', () => {
    expect(formatTimeAgo(at(2025, 10, 20, 9, 29, 30), now)).toBe('just now');
    expect(formatTimeAgo(at(2025, 10, 20, 9, 29), now)).toBe('1 minute ago');
    expect(formatTimeAgo(at(2025, 10, 20, 9, 5), now)).toBe('25 minutes ago');
    expect(formatTimeAgo(at(2025, 10, 20, 0, 30), now)).toBe('9 hours ago');
  });

  it('counts calendar days from yesterday on', () => {
    expect(formatTimeAgo(at(2025, 10, 19, 23, 0), now)).toBe('yesterday');
    expect(formatTimeAgo(at(2025, 10, 15), now)).toBe('5 days ago');
  });

  it('gives the date a month or more back', () => {
    expect(formatTimeAgo(at(2025, 9, 1), now)).toBe('Sep 1, 2025');
  });

  it('reads a time a little ahead as now, and an invalid one as nothing', () => {
    expect(formatTimeAgo(at(2025, 10, 20, 9, 32), now)).toBe('just now');
    expect(formatTimeAgo('nope', now)).toBe('');
  });
});
