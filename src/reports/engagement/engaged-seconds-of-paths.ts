// Mean engaged seconds per page visit of given paths: what `time_on_page_seconds` means on every row that has it.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { engagedSecondsOfPathsSql } from './engagement-sql.js';

/** Keyed by path, filters applied; a path without engagement events is absent (its rows read 0). */
export async function engagedSecondsOfPaths(store: AnalyticsStore, query: StatsQuery, paths: readonly string[]): Promise<Map<string, number>> {
  if (paths.length === 0) return new Map();
  const sql = engagedSecondsOfPathsSql(baseWhere(query), [...new Set(paths)]);
  const rows = await store.query<{ value: string; seconds: number | string }>(sql.sql, sql.params);
  return new Map(rows.map((row) => [row.value, Number(row.seconds)]));
}
