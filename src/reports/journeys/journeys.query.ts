// /journeys: the most common first `steps` pages of sessions, consecutive repeats of a page collapsed.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { readsSessionsTable, sessionRowsSql } from '../../stats/session-rows.js';
import { SESSION_JOURNEY } from '../../stats/session-values.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { percentOf } from '../percentage.js';

export interface Journey {
  path: string[];
  /** Sessions whose journey this is. */
  count: number;
  /** Share of the sessions that viewed at least `steps` distinct-in-a-row pages. */
  percentage: number;
}

export interface JourneyRequest {
  readonly steps: number;
  readonly limit: number;
}

/**
 * One row per session with at least `steps` pageviews: `journey`, its (time, path) pageview pairs. Without
 * filters from the session rows (each session's stored pairs, edge sessions from their events in the range);
 * with filters from the matching pageviews.
 */
async function sessionJourneysSql(store: AnalyticsStore, query: StatsQuery): Promise<SqlFragment> {
  if (readsSessionsTable(query, SESSION_JOURNEY)) {
    const rows = await sessionRowsSql(store, query, SESSION_JOURNEY);
    return { sql: `SELECT journey FROM (${rows.sql}) WHERE pv >= {steps:UInt8}`, params: rows.params };
  }
  const where = baseWhere(query);
  return {
    sql: `SELECT groupArray((timestamp, toString(pathname))) AS journey
      FROM events WHERE ${where.sql} AND type = 'pageview'
      GROUP BY session_id
      HAVING count() >= {steps:UInt8}`,
    params: where.params,
  };
}

/**
 * Each session's pages in time order (ties by pathname), repeats in a row dropped (arrayCompact), cut to
 * `steps`; sessions whose cut path is shorter do not count.
 */
export async function journeys(store: AnalyticsStore, query: StatsQuery, request: JourneyRequest): Promise<Journey[]> {
  const sessions = await sessionJourneysSql(store, query);
  const rows = await store.query<{ path: string[]; count: string; total: string }>(
    `SELECT path, count() AS count, sum(count()) OVER () AS total
     FROM (SELECT arraySlice(arrayCompact(arraySort(journey).2), 1, {steps:UInt8}) AS path FROM (${sessions.sql}))
     WHERE length(path) = {steps:UInt8}
     GROUP BY path
     ORDER BY count DESC, path ASC
     LIMIT {journey_limit:UInt32}`,
    { ...sessions.params, steps: request.steps, journey_limit: request.limit },
  );
  return rows.map((row) => ({
    path: row.path,
    count: Number(row.count),
    percentage: percentOf(Number(row.count), Number(row.total)),
  }));
}
