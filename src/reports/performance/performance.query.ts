// /performance reports: web-vitals quantiles over performance events, in total and per time bucket.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { OVERVIEW_QUANTILES, quantileArrayColumns, quantilesSql, readQuantiles, roundVital, WEB_VITALS, type QuantileFigures } from './web-vitals.js';

/** The performance events only (a copy of those rows of `events`, see analytics migration 0006). */
export const PERFORMANCE_EVENTS = 'performance_events';

/** `{lcp_p50, lcp_p75, lcp_p90, lcp_p99, cls_p50, ..., ttfb_p99, total_performance_events}`. */
export async function performanceOverview(store: AnalyticsStore, query: StatsQuery): Promise<Record<string, number | null> & { total_performance_events: number }> {
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
  return { ...figures, total_performance_events: Number(row?.events ?? 0) };
}

export type QuantileRow = QuantileFigures & { event_count: number };

const emptyQuantiles = (): QuantileRow => ({ ...readQuantiles(undefined), event_count: 0 });

/** Each bucket's p50, p75, p90 and p99 of every vital and its performance events; empty buckets have nulls and 0. */
export async function performanceTimeSeries(store: AnalyticsStore, query: StatsQuery): Promise<Array<{ time: string } & QuantileRow>> {
  const bucket = query.bucket ?? 'day';
  const where = baseWhere(query);
  const time = bucketSql(bucket, query.range.timeZone);
  const rows = await store.query<Record<string, unknown> & { time: string; event_count: string }>(
    `SELECT ${time.sql} AS time, ${quantileArrayColumns()}, count() AS event_count
     FROM ${PERFORMANCE_EVENTS} WHERE ${where.sql}
     GROUP BY ${time.key}`,
    { ...where.params, ...time.params },
  );
  const series = rows.map((row) => ({ time: row.time, ...readQuantiles(row), event_count: Number(row.event_count) }));
  return fillBuckets(series, query.range, bucket, (label) => ({ time: label, ...emptyQuantiles() }));
}
