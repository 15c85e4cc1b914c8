import { describe, expect, it } from 'vitest';
import { midnightIn, weekSpan } from './week-span.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('a week as instants', () => {
  it('runs from Monday 00:00 to the next Monday 00:00, in UTC', () => {
    const span = weekSpan({ year: 2026, week: 47 }, 'UTC');
    expect(span.dates).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(span.midnights[0]).toBe('2026-11-16T00:00:00.000Z');
    expect(span.midnights[7]).toBe('2026-11-23T00:00:00.000Z');
  });

  it("starts at the zone's midnight, and a day of a clock change is 25 or 23 hours long", () => {
    expect(weekSpan({ year: 2026, week: 47 }, 'Asia/Kolkata').midnights[0]).toBe('2026-11-15T18:30:00.000Z');
    // Europe/Paris leaves summer time on Sunday 25 October 2026 and enters it on Sunday 29 March.
    const autumn = weekSpan({ year: 2026, week: 43 }, 'Europe/Paris').midnights;
    expect(autumn.slice(5)).toEqual([
      '2026-10-23T22:00:00.000Z',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    const spring = weekSpan({ year: 2026, week: 13 }, 'Europe/Paris').midnights;
    expect(spring.slice(6)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });

  it('begins a day whose midnight the clock skips when the clock resumes', () => {
    // Chile enters summer time at the start of Sunday 6 September 2026: 00:00 is 01:00 at once.
    expect(iso(midnightIn('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(midnightIn('2026-09-07', 'America/Santiago'))).toBe('2026-09-07T03:00:00.000Z');
    // And leaves it at the end of Saturday 4 April: 24:00 is 23:00 again, and Sunday begins once.
    expect(iso(midnightIn('2026-04-05', 'America/Santiago'))).toBe('2026-04-05T04:00:00.000Z');
  });
});
