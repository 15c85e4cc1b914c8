import { describe, expect, it } from 'vitest';
import { dayLabel, shortWeekday, weekLabel } from './week-labels.js';

describe('week dates in words', () => {
  it('names a week by its first and last days', () => {
    expect(weekLabel({ year: 2026, week: 47 })).toBe('Nov 16 – 22, 2026');
    expect(weekLabel({ year: 2026, week: 49 })).toBe('Nov 30 – Dec 6, 2026');
    expect(weekLabel({ year: 2026, week: 53 })).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(weekLabel({ year: 2026, week: 1 })).toBe('Dec 29, 2025 – Jan 4, 2026');
  });

  it('names a day whatever the time zone the browser is in', () => {
    expect(shortWeekday('2026-11-16')).toBe('Mon');
    expect(dayLabel('2026-11-22')).toBe('Sunday, November 22');
  });
});
