// Bucket SQL run on real chDB: labels equal the JavaScript ones, and a zero-filled DST series is exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, bucketLabel, bucketSql } from '../../src/stats/buckets.js';
import { fillBuckets } from '../../src/stats/fill-buckets.js';
import { eventRow, openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';
import { baseWhere } from '../../src/stats/stats-query.js';
import { resolveTimeRange } from '../../src/stats/time-range.js';

let db: StatsTestStore;
beforeAll(async () => {
  db = await openStatsTestStore();
  await db.store.insert(
    'events',
    [
      ['a', '2024-03-09T23:00:00Z'], // 18:00 EST, Mar 9
      ['b', '2024-03-10T06:59:00Z'], // 01:59 EST, Mar 10
      ['c', '2024-03-10T07:00:00Z'], // 03:00 EDT, Mar 10
      ['d', '2024-03-12T03:59:59.999Z'], // 23:59:59.999 EDT, Mar 11
      ['e', '2024-11-03T05:10:00Z'], // 01:10 EDT, Nov 3
      ['f', '2024-11-03T06:10:00Z'], // 01:10 EST, Nov 3
      ['g', '2024-11-03T07:10:00Z'], // 02:10 EST, Nov 3
    ].map(([label = '', at = '']) => eventRow({ label, at })),
  );
});
afterAll(async () => {
  await db.close();
});

describe('bucketSql labels equal bucketLabel', () => {
  const windows = [Date.parse('2024-03-08T00:00:00Z'), Date.parse('2024-11-01T00:00:00Z'), Date.parse('2024-04-05T00:00:00Z')];
  // Not Australia/Lord_Howe or Pacific/Chatham: around their clock changes (30 minutes, or at :45)
  // ClickHouse's hour starts differ from the wall clock's; filling still keeps every SQL row (README).
  const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/Santiago', 'UTC'];
  it.each(zones)(
    '%s, every 7 minutes over DST weekends',
    async (timeZone) => {
      const columns = BUCKETS.map((bucket) => `${bucketSql(bucket, timeZone, 't').sql} AS ${bucket}`).join(', ');
      const rows = await db.store.query<Record<string, string>>(
        `SELECT toString(toUnixTimestamp(t)) AS at, ${columns}
         FROM (SELECT toDateTime64(arrayJoin({starts:Array(UInt32)}) + number * 420, 3, 'UTC') AS t FROM numbers(1200))`,
        { bucket_tz: timeZone, starts: windows.map((start) => start / 1000) },
      );
      const mismatches = rows.flatMap((row) =>
        BUCKETS.filter((bucket) => bucketLabel(Number(row.at) * 1000, bucket, timeZone) !== row[bucket]).map(
          (bucket) => `${row.at} ${bucket}: sql ${row[bucket]}, js ${bucketLabel(Number(row.at) * 1000, bucket, timeZone)}`,
        ),
      );
      expect(rows).toHaveLength(3600);
      expect(mismatches).toEqual([]);
    },
  );
});

async function series(bucket: 'day' | 'hour', startDate: string, endDate: string) {
  const query = {
    siteId: 1,
    range: resolveTimeRange({ start_date: startDate, end_date: endDate, time_zone: 'America/New_York' }, new Date('2025-01-01T00:00:00Z')),
    filters: [],
  };
  const where = baseWhere(query);
  const label = bucketSql(bucket, query.range.timeZone);
  const rows = await db.store.query<{ time: string; events: string }>(
    `SELECT ${label.sql} AS time, toString(count()) AS events FROM events WHERE ${where.sql} GROUP BY time`,
    { ...where.params, ...label.params },
  );
  return fillBuckets(rows, query.range, bucket, (time) => ({ time, events: '0' }));
}

describe('a zero-filled New York series on chDB', () => {
  it('day buckets across the spring change', async () => {
    expect(await series('day', '2024-03-08', '2024-03-11')).toEqual([
      { time: '2024-03-08 00:00:00', events: '0' },
      { time: '2024-03-09 00:00:00', events: '1' },
      { time: '2024-03-10 00:00:00', events: '2' },
      { time: '2024-03-11 00:00:00', events: '1' },
    ]);
  });

  it('hour buckets across the autumn change merge the repeated hour', async () => {
    const rows = await series('hour', '2024-11-03', '2024-11-03');
    expect(rows).toHaveLength(24);
    expect(rows.slice(0, 4)).toEqual([
      { time: '2024-11-03 00:00:00', events: '0' },
      { time: '2024-11-03 01:00:00', events: '2' },
      { time: '2024-11-03 02:00:00', events: '1' },
      { time: '2024-11-03 03:00:00', events: '0' },
    ]);
    expect(rows.at(-1)).toEqual({ time: '2024-11-03 23:00:00', events: '0' });
  });
});
