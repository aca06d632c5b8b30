// Zero-filling time series rows over a range, including New York's 23- and 25-hour days.
import { describe, expect, it } from 'vitest';
import { fillBuckets } from './fill-buckets.js';
import type { TimeRange } from './time-range.js';

interface Row {
  readonly time: string;
  readonly count: number;
}

const empty = (time: string): Row => ({ time, count: 0 });
const NY = 'America/New_York';

describe('fillBuckets', () => {
  it('fills every day of a New York range across the spring change', () => {
    const range: TimeRange = {
      from: new Date('2024-03-09T05:00:00Z'),
      to: new Date('2024-03-12T04:00:00Z'),
      toInclusive: false,
      timeZone: NY,
    };
    expect(fillBuckets([{ time: '2024-03-10 00:00:00', count: 3 }], range, 'day', empty)).toEqual([
      { time: '2024-03-09 00:00:00', count: 0 },
      { time: '2024-03-10 00:00:00', count: 3 },
      { time: '2024-03-11 00:00:00', count: 0 },
    ]);
  });

  it('includes the bucket holding an inclusive end', () => {
    const range: TimeRange = {
      from: new Date('2024-11-03T04:00:00Z'),
      to: new Date('2024-11-04T05:00:00Z'),
      toInclusive: true,
      timeZone: NY,
    };
    expect(fillBuckets([], range, 'day', empty).map((row) => row.time)).toEqual(['2024-11-03 00:00:00', '2024-11-04 00:00:00']);
  });

  it('takes open ends from the rows', () => {
    const rows = [
      { time: '2024-11-04 00:00:00', count: 2 },
      { time: '2024-11-02 00:00:00', count: 1 },
    ];
    expect(fillBuckets(rows, { toInclusive: false, timeZone: NY }, 'day', empty)).toEqual([
      { time: '2024-11-02 00:00:00', count: 1 },
      { time: '2024-11-03 00:00:00', count: 0 },
      { time: '2024-11-04 00:00:00', count: 2 },
    ]);
  });

  it('returns nothing for an all-time range without rows', () => {
    expect(fillBuckets([], { toInclusive: false, timeZone: 'UTC' }, 'hour', empty)).toEqual([]);
  });

  it('keeps a row outside the range rather than dropping it', () => {
    const range: TimeRange = { from: new Date('2024-06-01T00:00:00Z'), to: new Date('2024-06-02T00:00:00Z'), toInclusive: false, timeZone: 'UTC' };
    expect(fillBuckets([{ time: '2024-06-05 00:00:00', count: 1 }], range, 'day', empty)).toEqual([
      { time: '2024-06-01 00:00:00', count: 0 },
      { time: '2024-06-05 00:00:00', count: 1 },
    ]);
  });
});
