// /performance reports: web-vitals quantiles over performance events, in total, per time bucket, per dimension.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { findDimension } from '../../stats/dimensions.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { OVERVIEW_QUANTILES, p75Columns, quantilesSql, readP75, roundVital, WEB_VITALS, type P75Figures } from './web-vitals.js';

/** The dimensions `/performance/by-dimension` accepts. */
export const PERFORMANCE_DIMENSIONS = ['pathname', 'country', 'device_type', 'browser', 'operating_system', 'region'] as const;
export type PerformanceDimension = (typeof PERFORMANCE_DIMENSIONS)[number];

/** The performance events only (a copy of those rows of `events`, see analytics migration 0006). */
const PERFORMANCE_EVENTS = 'performance_events';

/** `{lcp_p50, lcp_p75, lcp_p90, lcp_p99, cls_p50, ..., ttfb_p99, total_performance_events}`. */
export async function performanceOverview(store: AnalyticsStore, query: StatsQuery): Promise<Record<string, number | null>> {
  const where = baseWhere(query);
  const levels = OVERVIEW_QUANTILES.map((quantile) => quantile.level);
  const columns = WEB_VITALS.map(({ name }) => `${quantilesSql(name, levels)} AS ${name}`).join(', ');
  const rows = await store.query<Record<string, unknown>>(
    `SELECT ${columns}, count() AS events FROM ${PERFORMANCE_EVENTS} WHERE ${where.sql}`,
    where.params,
  );
  const row = rows[0];
  const figures: Record<string, number | null> = {};
  for (const { name } of WEB_VITALS) {
    const values = row?.[name];
    OVERVIEW_QUANTILES.forEach(({ suffix }, index) => {
      figures[`${name}_${suffix}`] = roundVital(name, Array.isArray(values) ? values[index] : undefined);
    });
  }
  figures.total_performance_events = Number(row?.events ?? 0);
  return figures;
}

export type P75Row = P75Figures & { events: number };

const emptyP75 = (): P75Row => ({ ...readP75(undefined), events: 0 });

/** Each bucket's p75 of every vital and its performance events; empty buckets have nulls and 0. */
export async function performanceTimeSeries(store: AnalyticsStore, query: StatsQuery): Promise<Array<P75Row & { time: string }>> {
  const bucket = query.bucket ?? 'day';
  const where = baseWhere(query);
  const time = bucketSql(bucket, query.range.timeZone);
  const rows = await store.query<Record<string, unknown> & { time: string; events: string }>(
    `SELECT ${time.sql} AS time, ${p75Columns()}, count() AS events
     FROM ${PERFORMANCE_EVENTS} WHERE ${where.sql}
     GROUP BY ${time.key}`,
    { ...where.params, ...time.params },
  );
  const series = rows.map((row) => ({ time: row.time, ...readP75(row), events: Number(row.events) }));
  return fillBuckets(series, query.range, bucket, (label) => ({ time: label, ...emptyP75() }));
}

/** The p75s per value of one dimension, most performance events first, at most `limit` values. */
export async function performanceByDimension(
  store: AnalyticsStore,
  query: StatsQuery,
  dimensionName: PerformanceDimension,
  limit: number,
): Promise<Array<P75Row & { value: string }>> {
  const dimension = findDimension(dimensionName);
  if (!dimension) throw new Error(`performance dimension ${dimensionName} missing from the catalog`);
  const where = baseWhere(query);
  const rows = await store.query<Record<string, unknown> & { value: string; events: string }>(
    `SELECT ${dimension.expression.sql} AS value, ${p75Columns()}, count() AS events
     FROM ${PERFORMANCE_EVENTS} WHERE ${where.sql}
     GROUP BY value
     ORDER BY events DESC, value ASC
     LIMIT {performance_limit:UInt32}`,
    { ...where.params, ...dimension.expression.params, performance_limit: limit },
  );
  return rows.map((row) => ({ value: row.value, ...readP75(row), events: Number(row.events) }));
}
