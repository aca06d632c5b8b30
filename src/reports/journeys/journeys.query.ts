// /journeys: the most common first `steps` pages of sessions, consecutive repeats of a page collapsed.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
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
 * Each session's pageviews in time order (ties by pathname), repeats in a row dropped by comparing each
 * page with the one before it (a shifted copy, not an indexed lookup, which would copy the array per
 * element), cut to `steps`. Sessions with fewer pageviews than `steps` cannot qualify and are dropped
 * before any sorting.
 */
export async function journeys(store: AnalyticsStore, query: StatsQuery, request: JourneyRequest): Promise<Journey[]> {
  const where = baseWhere(query);
  const rows = await store.query<{ path: string[]; count: string; total: string }>(
    `SELECT path, count() AS count, sum(count()) OVER () AS total
     FROM (
       SELECT arraySlice(
         arrayFilter((page, i, previous) -> i = 1 OR page != previous, pages, arrayEnumerate(pages), arrayPushFront(arrayPopBack(pages), '')),
         1, {steps:UInt8}) AS path
       FROM (
         SELECT session_id, arrayMap(view -> view.2, arraySort(groupArray((timestamp, pathname)))) AS pages
         FROM events WHERE ${where.sql} AND type = 'pageview'
         GROUP BY session_id
         HAVING count() >= {steps:UInt8}
       )
     )
     WHERE length(path) = {steps:UInt8}
     GROUP BY path
     ORDER BY count DESC, path ASC
     LIMIT {journey_limit:UInt32}`,
    { ...where.params, steps: request.steps, journey_limit: request.limit },
  );
  return rows.map((row) => ({
    path: row.path,
    count: Number(row.count),
    percentage: percentOf(Number(row.count), Number(row.total)),
  }));
}
