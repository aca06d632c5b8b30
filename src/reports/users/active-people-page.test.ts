// narrowedRanges: the stretches a users page sorted by last seen (newest first) or first seen (oldest first) reads in turn.
import { describe, expect, it } from 'vitest';
import type { TimeRange } from '../../stats/time-range.js';
import { narrowedRanges } from './active-people-page.query.js';

const range = (from: string | undefined, to: string | undefined, toInclusive = false): TimeRange => ({
  from: from === undefined ? undefined : new Date(from),
  to: to === undefined ? undefined : new Date(to),
  toInclusive,
  timeZone: 'UTC',
});
const text = (stretch: TimeRange) => `${stretch.from?.toISOString() ?? '-'} .. ${stretch.to?.toISOString() ?? '-'}${stretch.toInclusive ? ' incl' : ''}`;

describe('narrowedRanges', () => {
  it('reads back from the UTC day holding the end of a range ending now, then 3 and 15 days more, then all of it', () => {
    expect(narrowedRanges(range('2026-10-28T00:00:00Z', '2026-11-27T16:47:30.311Z', true), { sortBy: 'last_seen', sortOrder: 'desc' }).map(text)).toEqual([
      '2026-11-27T00:00:00.000Z .. 2026-11-27T16:47:30.311Z incl',
      '2026-11-24T00:00:00.000Z .. 2026-11-27T16:47:30.311Z incl',
      '2026-11-12T00:00:00.000Z .. 2026-11-27T16:47:30.311Z incl',
      '2026-10-28T00:00:00.000Z .. 2026-11-27T16:47:30.311Z incl',
    ]);
  });

  it('takes the day before an end at midnight as the last, and stops before the start', () => {
    expect(narrowedRanges(range('2026-03-05T00:00:00Z', '2026-03-10T00:00:00Z'), { sortBy: 'last_seen', sortOrder: 'desc' }).map(text)).toEqual([
      '2026-03-09T00:00:00.000Z .. 2026-03-10T00:00:00.000Z',
      '2026-03-06T00:00:00.000Z .. 2026-03-10T00:00:00.000Z',
      '2026-03-05T00:00:00.000Z .. 2026-03-10T00:00:00.000Z',
    ]);
  });

  it('reads on from the UTC day holding the start for the first seen, oldest first', () => {
    expect(narrowedRanges(range('2026-03-09T04:00:00Z', '2026-04-01T04:00:00Z'), { sortBy: 'first_seen', sortOrder: 'asc' }).map(text)).toEqual([
      '2026-03-09T04:00:00.000Z .. 2026-03-10T00:00:00.000Z',
      '2026-03-09T04:00:00.000Z .. 2026-03-13T00:00:00.000Z',
      '2026-03-09T04:00:00.000Z .. 2026-03-25T00:00:00.000Z',
      '2026-03-09T04:00:00.000Z .. 2026-04-01T04:00:00.000Z',
    ]);
  });

  it.each([
    ['last_seen', 'asc'],
    ['first_seen', 'desc'],
    ['pageviews', 'desc'],
    ['events', 'asc'],
  ] as const)('reads the whole range for %s %s', (sortBy, sortOrder) => {
    expect(narrowedRanges(range('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'), { sortBy, sortOrder }).map(text)).toEqual(['2026-03-01T00:00:00.000Z .. 2026-04-01T00:00:00.000Z']);
  });

  it('reads the whole of a range open at the end it would narrow from', () => {
    expect(narrowedRanges(range('2026-03-01T00:00:00Z', undefined), { sortBy: 'last_seen', sortOrder: 'desc' }).map(text)).toEqual(['2026-03-01T00:00:00.000Z .. -']);
    expect(narrowedRanges(range(undefined, '2026-04-01T00:00:00Z'), { sortBy: 'first_seen', sortOrder: 'asc' }).map(text)).toEqual(['- .. 2026-04-01T00:00:00.000Z']);
  });
});
