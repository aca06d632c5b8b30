// What the app shell and the organization pages ask of a site's analytics: any data at all, sessions in the
// last 24 hours, and events per day across an organization's sites by type.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../stats/buckets.js';
import { fillBuckets } from '../stats/fill-buckets.js';
import { allOf } from '../stats/sql-fragment.js';
import { timeRangeConditions, toClickHouseDateTime, type TimeRange } from '../stats/time-range.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The event types counted per day, each as `<type>_count` (Rybbit's names). */
export const COUNTED_EVENT_TYPES = [
  'pageview', 'custom_event', 'performance', 'outbound', 'error', 'button_click', 'copy', 'form_submit', 'input_change',
] as const;

type CountColumn = `${(typeof COUNTED_EVENT_TYPES)[number]}_count`;
export type DailyEventCount = { readonly event_date: string; readonly event_count: number } & Readonly<Record<CountColumn, number>>;

/** True when the site has at least one (human) event stored. */
export async function siteHasData(store: AnalyticsStore, siteId: number): Promise<boolean> {
  const rows = await store.query<{ found: number }>('SELECT 1 AS found FROM events WHERE site_id = {siteId:UInt32} LIMIT 1', { siteId });
  return rows.length > 0;
}

/** Distinct sessions with an event in `(now - 24 h, now]`, per site (sites without any are absent). */
export async function sessionsLast24Hours(store: AnalyticsStore, siteIds: readonly number[], now: Date): Promise<Map<number, number>> {
  if (siteIds.length === 0) return new Map();
  const rows = await store.query<{ site_id: number; sessions: string }>(
    `SELECT site_id, uniqExact(session_id) AS sessions FROM events
     WHERE site_id IN {siteIds:Array(UInt32)} AND timestamp > {since:DateTime64(3, 'UTC')} AND timestamp <= {now:DateTime64(3, 'UTC')}
     GROUP BY site_id`,
    { siteIds, since: toClickHouseDateTime(new Date(now.getTime() - DAY_MS)), now: toClickHouseDateTime(now) },
  );
  return new Map(rows.map((row) => [Number(row.site_id), Number(row.sessions)]));
}

function emptyDay(eventDate: string): DailyEventCount {
  const counts = Object.fromEntries(COUNTED_EVENT_TYPES.map((type) => [`${type}_count`, 0])) as Record<CountColumn, number>;
  return { event_date: eventDate, ...counts, event_count: 0 };
}

/** Events per local day (in the range's time zone) across `siteIds`, by type; every day of a bounded range appears. */
export async function dailyEventCounts(store: AnalyticsStore, siteIds: readonly number[], range: TimeRange): Promise<DailyEventCount[]> {
  if (siteIds.length === 0) return [];
  const day = bucketSql('day', range.timeZone);
  const where = allOf([{ sql: 'site_id IN {siteIds:Array(UInt32)}', params: { siteIds } }, ...timeRangeConditions(range)]);
  const perType = COUNTED_EVENT_TYPES.map((type, index) => `countIf(type = {type_${index}:String}) AS ${type}_count`).join(', ');
  const typeParams = Object.fromEntries(COUNTED_EVENT_TYPES.map((type, index) => [`type_${index}`, type]));
  const rows = await store.query<Record<string, string | number>>(
    `SELECT ${day.sql} AS time, ${perType}, count() AS event_count FROM events
     WHERE ${where.sql} AND type IN {types:Array(String)}
     GROUP BY ${day.key} ORDER BY ${day.key}`,
    { ...day.params, ...where.params, ...typeParams, types: [...COUNTED_EVENT_TYPES] },
  );
  const days = rows.map((row) => {
    const counts = Object.fromEntries(COUNTED_EVENT_TYPES.map((type) => [`${type}_count`, Number(row[`${type}_count`])])) as Record<CountColumn, number>;
    return { time: String(row.time), value: { event_date: String(row.time), ...counts, event_count: Number(row.event_count) } };
  });
  return fillBuckets(days, range, 'day', (time) => ({ time, value: emptyDay(time) })).map((entry) => entry.value);
}
