// /performance/by-dimension: every vital's mean and quantiles per value of one dimension, sorted and paged, with the value count.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { findDimension } from '../../stats/dimensions.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { pageWindow, type Paging } from '../report-paging.js';
import { PERFORMANCE_EVENTS } from './performance.query.js';
import { OVERVIEW_QUANTILES, quantileArrayColumns, readQuantiles, roundVital, WEB_VITALS, type QuantileFigures, type WebVital } from './web-vitals.js';

/** The dimensions `/performance/by-dimension` accepts. */
export const PERFORMANCE_DIMENSIONS = ['pathname', 'country', 'device_type', 'browser', 'operating_system', 'region'] as const;
export type PerformanceDimension = (typeof PERFORMANCE_DIMENSIONS)[number];

/** The figure columns a caller may sort by (besides the dimension itself): `event_count`, `lcp_avg`, `lcp_p50` ... */
export const PERFORMANCE_SORT_COLUMNS = [
  'event_count',
  ...WEB_VITALS.flatMap(({ name }) => [`${name}_avg`, ...OVERVIEW_QUANTILES.map(({ suffix }) => `${name}_${suffix}`)]),
] as const;

/** The SQL each sort key orders by, over the grouped rows (quantiles are array columns, 1-based). */
function sortExpression(sortBy: string, dimension: PerformanceDimension): string {
  if (sortBy === dimension) return 'value';
  if (sortBy === 'event_count') return 'event_count';
  for (const { name } of WEB_VITALS) {
    if (sortBy === `${name}_avg`) return `${name}_avg`;
    const index = OVERVIEW_QUANTILES.findIndex(({ suffix }) => sortBy === `${name}_${suffix}`);
    if (index >= 0) return `${name}_q[${index + 1}]`;
  }
  return 'event_count';
}

export interface PerformanceByDimensionRequest extends Paging {
  readonly dimension: PerformanceDimension;
  /** `event_count` (default), the dimension's name, or a figure column such as `lcp_p75`. */
  readonly sortBy: string;
  readonly sortOrder: 'asc' | 'desc';
}

export type PerformanceByDimensionRow = { [dimension: string]: string | number | null; event_count: number } & QuantileFigures &
  Record<`${WebVital}_avg`, number | null>;

/**
 * One row per non-empty value of the dimension (keyed by the dimension's own name), with its performance
 * events and each vital's mean, p50, p75, p90 and p99; `totalCount` counts the values, from the same pass.
 */
export async function performanceByDimension(
  store: AnalyticsStore,
  query: StatsQuery,
  request: PerformanceByDimensionRequest,
): Promise<{ data: PerformanceByDimensionRow[]; totalCount: number }> {
  const dimension = findDimension(request.dimension);
  if (!dimension) throw new Error(`performance dimension ${request.dimension} missing from the catalog`);
  const where = baseWhere(query);
  const means = WEB_VITALS.map(({ name }) => `avg(${name}) AS ${name}_avg`).join(', ');
  const direction = request.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const rows = await store.query<Record<string, unknown> & { value: string; event_count: string; total_values: string }>(
    `SELECT *, count() OVER () AS total_values
     FROM (
       SELECT ${dimension.expression.sql} AS value, count() AS event_count, ${means}, ${quantileArrayColumns()}
       FROM ${PERFORMANCE_EVENTS} WHERE ${where.sql}
       GROUP BY value
       HAVING value != ''
     )
     ORDER BY ${sortExpression(request.sortBy, request.dimension)} ${direction} NULLS LAST, value ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
    { ...where.params, ...dimension.expression.params, ...pageWindow(request) },
  );
  const data = rows.map((row) => {
    const averages: Record<string, number | null> = {};
    for (const { name } of WEB_VITALS) averages[`${name}_avg`] = roundVital(name, row[`${name}_avg`]);
    return { [request.dimension]: row.value, event_count: Number(row.event_count), ...averages, ...readQuantiles(row) } as PerformanceByDimensionRow;
  });
  return { data, totalCount: Number(rows[0]?.total_values ?? (request.page > 1 ? await countValues(store, query, request.dimension) : 0)) };
}

/** The number of non-empty values, for a page past the end. */
async function countValues(store: AnalyticsStore, query: StatsQuery, name: PerformanceDimension): Promise<number> {
  const dimension = findDimension(name);
  if (!dimension) return 0;
  const where = baseWhere(query);
  const rows = await store.query<{ total: string }>(
    `SELECT uniqExact(${dimension.expression.sql}) AS total FROM ${PERFORMANCE_EVENTS} WHERE ${where.sql} AND ${dimension.expression.sql} != ''`,
    { ...where.params, ...dimension.expression.params },
  );
  return Number(rows[0]?.total ?? 0);
}
