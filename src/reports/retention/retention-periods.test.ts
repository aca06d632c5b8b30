// retentionPeriods: labels and window start for days and Monday weeks, in UTC and across a DST change.
import { describe, expect, it } from 'vitest';
import { retentionPeriods } from './retention-periods.js';

describe('retentionPeriods', () => {
  it.each([
    ['day', 3, '2026-03-20T12:00:00Z', 'UTC', ['2026-03-18', '2026-03-19', '2026-03-20'], '2026-03-18T00:00:00.000Z'],
    ['week', 3, '2026-03-20T12:00:00Z', 'UTC', ['2026-03-02', '2026-03-09', '2026-03-16'], '2026-03-02T00:00:00.000Z'],
    ['week', 1, '2026-03-16T00:00:00Z', 'UTC', ['2026-03-16'], '2026-03-16T00:00:00.000Z'],
    ['week', 2, '2026-03-15T23:59:59Z', 'UTC', ['2026-03-02', '2026-03-09'], '2026-03-02T00:00:00.000Z'],
    // 02:00 UTC on Monday 16 March is still Sunday 15 March in New York (EDT since 8 March).
    ['week', 2, '2026-03-16T02:00:00Z', 'America/New_York', ['2026-03-02', '2026-03-09'], '2026-03-02T05:00:00.000Z'],
    ['day', 2, '2026-03-09T12:00:00Z', 'America/New_York', ['2026-03-08', '2026-03-09'], '2026-03-08T05:00:00.000Z'],
  ] as const)('%s x %i ending %s in %s', (mode, range, end, zone, labels, from) => {
    const periods = retentionPeriods(mode, range, Date.parse(end), zone);
    expect(periods.labels).toEqual(labels);
    expect(periods.from.toISOString()).toBe(from);
  });
});
