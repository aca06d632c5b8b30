// /live-user-count: distinct sessions with an event in the last N minutes before now (the app clock).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { timeRangeSql } from '../../stats/time-range.js';

/** Sessions with an event in `[now - minutes, now]`, also inside the query's own range and filters. */
export async function liveUserCount(store: AnalyticsStore, query: StatsQuery, now: Date, minutes: number): Promise<number> {
  const where = baseWhere(query);
  const window = timeRangeSql(
    { from: new Date(now.getTime() - minutes * 60_000), to: now, toInclusive: true, timeZone: 'UTC' },
    'timestamp',
    'live',
  );
  const rows = await store.query<{ count: string }>(
    `SELECT uniqExact(session_id) AS count FROM events WHERE ${where.sql} AND ${window.sql}`,
    { ...where.params, ...window.params },
  );
  return Number(rows[0]?.count ?? 0);
}
