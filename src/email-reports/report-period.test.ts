// Table tests of report periods: weeks from Monday, months from the 1st, in the subscriber's zone (DST included).
import { describe, expect, it } from 'vitest';
import { lastCompletePeriod } from './report-period.js';

describe('lastCompletePeriod', () => {
  it.each([
    ['weekly', '2026-03-16T00:30:00Z', 'UTC', ['2026-03-09', '2026-03-15', '2026-03-02', '2026-03-08', '2026-03-16T00:00:00.000Z']],
    ['weekly', '2026-03-15T23:30:00Z', 'UTC', ['2026-03-02', '2026-03-08', '2026-02-23', '2026-03-01', '2026-03-09T00:00:00.000Z']],
    // Monday 00:30 in Berlin is still Sunday in UTC.
    ['weekly', '2026-03-15T23:30:00Z', 'Europe/Berlin', ['2026-03-09', '2026-03-15', '2026-03-02', '2026-03-08', '2026-03-15T23:00:00.000Z']],
    // The week that ends with the spring change (29 March 2026 in Europe) starts Monday 30 March at 00:00 CEST.
    ['weekly', '2026-03-31T10:00:00Z', 'Europe/Berlin', ['2026-03-23', '2026-03-29', '2026-03-16', '2026-03-22', '2026-03-29T22:00:00.000Z']],
    ['monthly', '2026-03-01T04:59:00Z', 'America/New_York', ['2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31', '2026-02-01T05:00:00.000Z']],
    ['monthly', '2026-03-01T06:00:00Z', 'America/New_York', ['2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31', '2026-03-01T05:00:00.000Z']],
    ['monthly', '2026-01-15T12:00:00Z', 'UTC', ['2025-12-01', '2025-12-31', '2025-11-01', '2025-11-30', '2026-01-01T00:00:00.000Z']],
  ] as const)('%s at %s in %s', (kind, now, zone, [start, end, previousStart, previousEnd, endsAt]) => {
    const period = lastCompletePeriod(kind, Date.parse(now), zone);
    expect([period.startDate, period.endDate, period.previousStartDate, period.previousEndDate, new Date(period.endsAt).toISOString()]).toEqual([start, end, previousStart, previousEnd, endsAt]);
  });
});
