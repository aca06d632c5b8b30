// Events of every type counted per time bucket: the events page's chart of counts by type (`events/count`).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { mergeParams } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { COUNTED_EVENT_TYPES } from '../../sites/index.js';

type CountColumn = `${(typeof COUNTED_EVENT_TYPES)[number]}_count`;

/** One bucket: its start, the events of each type, `ad_click_count` (always 0: Loupe records no ad clicks) and the total. */
export type EventTypeBucket = { readonly time: string; readonly ad_click_count: number; readonly event_count: number } & Readonly<Record<CountColumn, number>>;

function emptyBucket(time: string): EventTypeBucket {
  const counts = Object.fromEntries(COUNTED_EVENT_TYPES.map((type) => [`${type}_count`, 0])) as Record<CountColumn, number>;
  return { time, ...counts, ad_click_count: 0, event_count: 0 };
}

/**
 * Events matching the query per bucket (default day), counted by type, zero-filled and ordered by time;
 * `time` is the bucket start, `YYYY-MM-DD HH:MM:SS` in the query's time zone.
 */
export async function eventTypeCounts(store: AnalyticsStore, query: StatsQuery): Promise<EventTypeBucket[]> {
  const bucket = query.bucket ?? 'day';
  const time = bucketSql(bucket, query.range.timeZone);
  const where = baseWhere(query);
  const perType = COUNTED_EVENT_TYPES.map((type, index) => `countIf(type = {count_type_${index}:String}) AS ${type}_count`).join(', ');
  const typeParams = Object.fromEntries(COUNTED_EVENT_TYPES.map((type, index) => [`count_type_${index}`, type]));
  const rows = await store.query<Record<string, string | number>>(
    `SELECT ${time.sql} AS time, ${perType}, count() AS event_count FROM events
     WHERE ${where.sql} AND type IN {count_types:Array(String)}
     GROUP BY ${time.key} ORDER BY ${time.key}`,
    { ...mergeParams([where, time]), ...typeParams, count_types: [...COUNTED_EVENT_TYPES] },
  );
  const buckets = rows.map((row) => {
    const counts = Object.fromEntries(COUNTED_EVENT_TYPES.map((type) => [`${type}_count`, Number(row[`${type}_count`])])) as Record<CountColumn, number>;
    return { ...emptyBucket(String(row.time)), ...counts, event_count: Number(row.event_count) };
  });
  return fillBuckets(buckets, query.range, bucket, emptyBucket);
}
