// /live-user-count: distinct sessions with an event in the last N minutes before now (the app clock).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { siteScopeConditions } from '../../stats/site-scope.js';
import { allOf } from '../../stats/sql-fragment.js';
import { filterWhere, type StatsQuery } from '../../stats/stats-query.js';
import { timeRangeConditions, type TimeRange } from '../../stats/time-range.js';

const MINUTE_MS = 60_000;
const ALL_TIME: TimeRange = { toInclusive: false, timeZone: 'UTC' };

/**
 * The part of the query's range inside `[now - minutes, now]`, or undefined when they do not meet. One pair of
 * bounds instead of the range's and the window's, so the store analyses one condition on the sorting key.
 */
export function liveWindow(range: TimeRange, now: Date, minutes: number): TimeRange | undefined {
  const nowMs = now.getTime();
  const from = Math.max(range.from?.getTime() ?? Number.NEGATIVE_INFINITY, nowMs - minutes * MINUTE_MS);
  const rangeTo = range.to?.getTime() ?? Number.POSITIVE_INFINITY;
  const to = Math.min(rangeTo, nowMs);
  // The window includes `now`; where the range ends first (or at the same instant), its own end decides.
  const toInclusive = rangeTo > nowMs ? true : range.toInclusive;
  if (from > to || (from === to && !toInclusive)) return undefined;
  return { from: new Date(from), to: new Date(to), toInclusive, timeZone: 'UTC' };
}

/** Sessions with an event in `[now - minutes, now]`, also inside the query's own range and filters. */
export async function liveUserCount(store: AnalyticsStore, query: StatsQuery, now: Date, minutes: number): Promise<number> {
  const window = liveWindow(query.range, now, minutes);
  if (window === undefined) return 0;
  // The filters keep the query's range (session-level filters judge a session over the whole range, bound as
  // range_from/range_to), so the window has names of its own.
  const where = allOf([...siteScopeConditions(query.siteId, ALL_TIME), ...timeRangeConditions(window, 'timestamp', 'live'), filterWhere(query)]);
  const rows = await store.query<{ count: string }>(`SELECT uniqExact(session_id) AS count FROM events WHERE ${where.sql}`, where.params);
  return Number(rows[0]?.count ?? 0);
}
