// The most frequent custom events counted per time bucket: the events page's chart.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { mergeParams } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';

export interface EventBucket {
  time: string;
  event_name: string;
  event_count: number;
}

const CUSTOM = "type = 'custom_event' AND event_name != ''";

/**
 * The `limit` custom event names with the most occurrences in the query (ties by name), then each one's
 * occurrences per bucket (default hour), zero-filled; ordered by time, then by the names' rank.
 */
export async function eventTimeSeries(store: AnalyticsStore, query: StatsQuery, limit: number): Promise<EventBucket[]> {
  const where = baseWhere(query);
  const top = await store.query<{ name: string }>(
    `SELECT event_name AS name FROM events WHERE ${where.sql} AND ${CUSTOM}
     GROUP BY event_name ORDER BY count() DESC, event_name ASC LIMIT {top_events:UInt32}`,
    { ...where.params, top_events: limit },
  );
  const names = top.map((row) => row.name);
  if (names.length === 0) return [];
  const bucket = query.bucket ?? 'hour';
  const time = bucketSql(bucket, query.range.timeZone);
  const rows = await store.query<{ time: string; name: string; occurrences: string }>(
    `SELECT ${time.sql} AS time, event_name AS name, toString(count()) AS occurrences
     FROM events WHERE ${where.sql} AND ${CUSTOM} AND event_name IN {top_names:Array(String)}
     GROUP BY ${time.key}, event_name`,
    { ...mergeParams([where, time]), top_names: names },
  );
  const series = names.map((name) =>
    fillBuckets(
      rows.filter((row) => row.name === name).map((row) => ({ time: row.time, event_name: name, event_count: Number(row.occurrences) })),
      query.range,
      bucket,
      (label) => ({ time: label, event_name: name, event_count: 0 }),
    ),
  );
  const rank = new Map(names.map((name, index) => [name, index]));
  return series.flat().sort((a, b) => (a.time === b.time ? (rank.get(a.event_name) ?? 0) - (rank.get(b.event_name) ?? 0) : a.time < b.time ? -1 : 1));
}
