// Mean engaged seconds per page visit of given paths: what `time_on_page_seconds` means on every row that has it.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { SessionSplit } from '../../stats/session-rows.query.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { pageVisitRowsSql } from './page-visit-rows.query.js';

/**
 * Keyed by path, filters applied; a path without engagement events is absent (its rows read 0). `splitOf`: the
 * query's sessionSplit when the caller has it already.
 */
export async function engagedSecondsOfPaths(
  store: AnalyticsStore,
  query: StatsQuery,
  paths: readonly string[],
  splitOf?: Promise<SessionSplit | undefined>,
): Promise<Map<string, number>> {
  if (paths.length === 0) return new Map();
  const visits = await pageVisitRowsSql(store, query, { sql: 'pathname IN {engaged_paths:Array(String)}', params: { engaged_paths: [...new Set(paths)] } }, splitOf);
  const rows = await store.query<{ value: string; seconds: number | string }>(
    `SELECT value, avg(ms) / 1000 AS seconds FROM (${visits.sql}) GROUP BY value`,
    visits.params,
  );
  return new Map(rows.map((row) => [row.value, Number(row.seconds)]));
}
