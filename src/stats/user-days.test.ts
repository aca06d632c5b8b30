// Splitting a range at UTC midnights: the whole days `user_days` answers, the partial days and the days left out.
import { describe, expect, it } from 'vitest';
import { splitAtDays, userActivityRows } from './user-days.js';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const ms = (text: string) => Date.parse(text);

function split(from: string | undefined, to: string | undefined, toInclusive = false, leftOut: readonly string[] = []) {
  const result = splitAtDays({ from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined, toInclusive }, leftOut.map(ms));
  const text = (interval: { from?: number | undefined; to?: number | undefined }) => `${iso(interval.from) ?? '-'} .. ${iso(interval.to) ?? '-'}`;
  return { days: result.days.map(text), rest: result.rest.map(text) };
}

describe('splitAtDays', () => {
  it('keeps whole days whole', () => {
    expect(split('2026-11-01T00:00:00.000Z', '2026-11-08T00:00:00.000Z')).toEqual({
      days: ['2026-11-01T00:00:00.000Z .. 2026-11-08T00:00:00.000Z'],
      rest: [],
    });
  });

  it('leaves a range ending now its partial last day, the end included', () => {
    expect(split('2026-11-01T00:00:00.000Z', '2026-11-27T05:31:12.345Z', true)).toEqual({
      days: ['2026-11-01T00:00:00.000Z .. 2026-11-27T00:00:00.000Z'],
      rest: ['2026-11-27T00:00:00.000Z .. 2026-11-27T05:31:12.346Z'],
    });
  });

  it('cuts both ends of a range in another time zone', () => {
    // 1-7 November in New York (EDT until the 1st at 06:00 UTC, EST after).
    expect(split('2026-11-01T04:00:00.000Z', '2026-11-08T05:00:00.000Z')).toEqual({
      days: ['2026-11-02T00:00:00.000Z .. 2026-11-08T00:00:00.000Z'],
      rest: ['2026-11-01T04:00:00.000Z .. 2026-11-02T00:00:00.000Z', '2026-11-08T00:00:00.000Z .. 2026-11-08T05:00:00.000Z'],
    });
  });

  it('reads a range inside one day as the rest', () => {
    expect(split('2026-11-01T03:00:00.000Z', '2026-11-01T20:00:00.000Z')).toEqual({ days: [], rest: ['2026-11-01T03:00:00.000Z .. 2026-11-01T20:00:00.000Z'] });
  });

  it('leaves out the days asked for, and ignores those outside the whole days', () => {
    expect(split('2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.000Z', false, ['2026-11-04T00:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.000Z'])).toEqual({
      days: ['2026-11-02T00:00:00.000Z .. 2026-11-04T00:00:00.000Z', '2026-11-05T00:00:00.000Z .. 2026-11-10T00:00:00.000Z'],
      rest: ['2026-11-01T00:00:00.000Z .. 2026-11-02T00:00:00.000Z', '2026-11-04T00:00:00.000Z .. 2026-11-05T00:00:00.000Z'],
    });
    expect(split('2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z', false, ['2026-11-02T00:00:00.000Z', '2026-11-01T00:00:00.000Z'])).toEqual({
      days: [],
      rest: ['2026-11-01T00:00:00.000Z .. 2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z .. 2026-11-03T00:00:00.000Z'],
    });
  });

  it('takes every day of an open range', () => {
    expect(split(undefined, undefined)).toEqual({ days: ['- .. -'], rest: [] });
    expect(split('2026-11-01T00:01:00.000Z', undefined)).toEqual({
      days: ['2026-11-02T00:00:00.000Z .. -'],
      rest: ['2026-11-01T00:01:00.000Z .. 2026-11-02T00:00:00.000Z'],
    });
  });
});

describe('userActivityRows', () => {
  it('binds the whole days as dates and reads the rest by quarter hours', () => {
    const rows = userActivityRows(7, { from: new Date('2026-11-01T00:00:00.000Z'), to: new Date('2026-11-03T10:00:00.000Z'), toInclusive: false, timeZone: 'UTC' }, 'person');
    expect(rows.params).toEqual({
      siteId: 7,
      ud_days0_from: '2026-11-01',
      ud_days0_to: '2026-11-03',
      uq_quarters0_from: '2026-11-03 00:00:00',
      uq_quarters0_to: '2026-11-03 10:00:00',
    });
    expect(rows.sql).toContain('FROM user_days');
    expect(rows.sql).toContain('UNION ALL');
  });
});
