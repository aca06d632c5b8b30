// retentionPeriods: labels and window start for days, Monday weeks and calendar months, in UTC, across a DST change and a year end;
// the UTC days that overlap three periods of a zone.
import { describe, expect, it } from 'vitest';
import { wallClockOf, type WallTime } from '../../stats/zoned-time.js';
import { retentionPeriods, utcDaysOverThreePeriods } from './retention-periods.js';

describe('retentionPeriods', () => {
  it.each([
    ['day', 2, '2026-03-20T12:00:00Z', 'UTC', ['2026-03-18', '2026-03-19', '2026-03-20'], '2026-03-18T00:00:00.000Z'],
    // 14 days before Friday 20 March is Friday 6 March, in the week of Monday 2 March.
    ['week', 14, '2026-03-20T12:00:00Z', 'UTC', ['2026-03-02', '2026-03-09', '2026-03-16'], '2026-03-06T00:00:00.000Z'],
    ['week', 7, '2026-03-16T00:00:00Z', 'UTC', ['2026-03-09', '2026-03-16'], '2026-03-09T00:00:00.000Z'],
    ['week', 7, '2026-03-15T23:59:59Z', 'UTC', ['2026-03-02', '2026-03-09'], '2026-03-08T00:00:00.000Z'],
    // 02:00 UTC on Monday 16 March is still Sunday 15 March in New York (EDT since 8 March).
    ['week', 7, '2026-03-16T02:00:00Z', 'America/New_York', ['2026-03-02', '2026-03-09'], '2026-03-08T05:00:00.000Z'],
    ['day', 1, '2026-03-09T12:00:00Z', 'America/New_York', ['2026-03-08', '2026-03-09'], '2026-03-08T05:00:00.000Z'],
    ['day', 365, '2026-03-20T12:00:00Z', 'UTC', 366, '2025-03-20T00:00:00.000Z'],
    ['week', 365, '2026-03-20T12:00:00Z', 'UTC', 53, '2025-03-20T00:00:00.000Z'],
    // 90 days before 20 March 2026 is 20 December 2025: its month and the three after it.
    ['month', 90, '2026-03-20T12:00:00Z', 'UTC', ['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'], '2025-12-20T00:00:00.000Z'],
    ['month', 7, '2026-03-05T12:00:00Z', 'UTC', ['2026-02-01', '2026-03-01'], '2026-02-26T00:00:00.000Z'],
    // 03:00 UTC on 1 April is still 31 March in New York: the window ends in March.
    ['month', 7, '2026-04-01T03:00:00Z', 'America/New_York', ['2026-03-01'], '2026-03-24T04:00:00.000Z'],
    ['month', 365, '2026-03-20T12:00:00Z', 'UTC', 13, '2025-03-20T00:00:00.000Z'],
  ] as const)('%s over %i days ending %s in %s', (mode, days, end, zone, labels, from) => {
    const periods = retentionPeriods(mode, days, Date.parse(end), zone);
    expect(typeof labels === 'number' ? periods.labels.length : periods.labels).toEqual(labels);
    expect(periods.from.toISOString()).toBe(from);
  });
});

describe('utcDaysOverThreePeriods', () => {
  const from = Date.parse('2026-03-01T00:00:00Z');
  const to = Date.parse('2026-04-30T00:00:00Z');

  it.each(['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'])('finds none in %s: no day shorter than 24 hours lies inside a UTC day', (zone) => {
    expect(utcDaysOverThreePeriods('day', from, to, wallClockOf(zone))).toEqual([]);
  });

  // A zone at UTC-00:30 moving to UTC+00:30 at 01:30 UTC on 29 March: its 29 March runs from 00:30 to 23:30 UTC.
  const shifted = (instant: number): WallTime => {
    const local = new Date(instant + (instant < Date.parse('2026-03-29T01:30:00Z') ? -1 : 1) * 30 * 60_000);
    return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds() };
  };

  it('finds the UTC day holding a short day with time on both sides, in day mode only', () => {
    expect(utcDaysOverThreePeriods('day', from, to, shifted).map((day) => new Date(day).toISOString())).toEqual(['2026-03-29T00:00:00.000Z']);
    expect(utcDaysOverThreePeriods('week', from, to, shifted)).toEqual([]);
    expect(utcDaysOverThreePeriods('month', from, to, shifted)).toEqual([]);
  });
});
