// Time ranges run against real chDB: exact boundaries across New York's DST days, and Intl agreeing with ClickHouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRow, openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';
import { resolveTimeRange, timeRangeSql, type TimeRangeInput } from '../../src/stats/time-range.js';
import { startOfLocalDay, wallTimeAt } from '../../src/stats/zoned-time.js';

const NOW = new Date('2024-11-20T15:30:00.000Z');

const SEED = [
  ['mar9-last', '2024-03-10T04:59:59.999Z'],
  ['mar10-first', '2024-03-10T05:00:00.000Z'],
  ['mar10-last', '2024-03-11T03:59:59.999Z'],
  ['mar11-first', '2024-03-11T04:00:00.000Z'],
  ['nov2-last', '2024-11-03T03:59:59.999Z'],
  ['nov3-first', '2024-11-03T04:00:00.000Z'],
  ['nov3-last', '2024-11-04T04:59:59.999Z'],
  ['nov4-first', '2024-11-04T05:00:00.000Z'],
  ['now-60m', '2024-11-20T14:30:00.000Z'],
  ['now-60m+1ms', '2024-11-20T14:30:00.001Z'],
  ['now', '2024-11-20T15:30:00.000Z'],
  ['now+1ms', '2024-11-20T15:30:00.001Z'],
].map(([label = '', at = '']) => eventRow({ label, at }));

let db: StatsTestStore;
beforeAll(async () => {
  db = await openStatsTestStore();
  await db.store.insert('events', SEED);
});
afterAll(async () => {
  await db.close();
});

describe('timeRangeSql on chDB', () => {
  it.each<[string, TimeRangeInput, string[]]>([
    ['a 23-hour New York day', { start_date: '2024-03-10', end_date: '2024-03-10', time_zone: 'America/New_York' }, ['mar10-first', 'mar10-last']],
    ['a 25-hour New York day', { start_date: '2024-11-03', end_date: '2024-11-03', time_zone: 'America/New_York' }, ['nov3-first', 'nov3-last']],
    ['the same date in UTC', { start_date: '2024-11-03', end_date: '2024-11-03' }, ['nov2-last', 'nov3-first']],
    ['a range ending today ends now, inclusive', { start_date: '2024-11-20', end_date: '2024-11-20' }, ['now', 'now-60m', 'now-60m+1ms']],
    ['past minutes exclude their start', { past_minutes_start: 60, past_minutes_end: 0 }, ['now', 'now-60m+1ms']],
    [
      'datetimes are [start, end)',
      { start_datetime: '2024-03-10 05:00:00', end_datetime: '2024-03-11T03:59:59.999Z' },
      ['mar10-first'],
    ],
  ])('%s', async (_name, input, expected) => {
    expect(await db.labelsWhere(timeRangeSql(resolveTimeRange(input, NOW)))).toEqual(expected);
  });
});

describe('local day starts agree with ClickHouse', () => {
  it.each(['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham'])(
    '%s, every 3 hours of 2024',
    async (timeZone) => {
      const rows = await db.store.query<{ at: string; start: string }>(
        `SELECT toString(toUnixTimestamp(t)) AS at, toString(toUnixTimestamp(toStartOfDay(t, {tz:String}))) AS start
         FROM (SELECT toDateTime(1704067200 + number * 10800, 'UTC') AS t FROM numbers(2928)) ORDER BY t`,
        { tz: timeZone },
      );
      const mismatches = rows.filter((row) => {
        const instant = Number(row.at) * 1000;
        return startOfLocalDay(wallTimeAt(instant, timeZone), timeZone) !== Number(row.start) * 1000;
      });
      expect(rows).toHaveLength(2928);
      expect(mismatches).toEqual([]);
    },
  );
});
