// Bot traffic reports over bot_events: totals with the per-layer breakdown, a series, a breakdown by dimension.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { percentOf } from '../percentage.js';
import { pageWindow, type Paging } from '../report-paging.js';
import { botDimensionSql, type BotDimension } from './bot-dimensions.js';
import { BOT_LAYERS, botWhere, humanWhere, type BotLayer } from './bot-scope.js';

export type BotOverview = { bot_requests: number; total_events: number; bot_percentage: number } & Record<BotLayer, number>;

/**
 * bot_requests = bot rows in scope; total_events = those plus the human events of the same site, range
 * and shared filters; each layer figure = bot rows in scope that layer flagged.
 */
export async function botOverview(store: AnalyticsStore, query: StatsQuery, layer: BotLayer | undefined): Promise<BotOverview> {
  const bots = botWhere(query, layer);
  const humans = humanWhere(query);
  const layerCounts = BOT_LAYERS.map((name) => `countIf(${name} = 1) AS layer_${name}`).join(', ');
  // One statement: the human count is a scalar subquery over the same bound site, range and filters.
  const [botRow] = await store.query<Record<string, string>>(
    `SELECT count() AS bot_requests, ${layerCounts}, (SELECT count() FROM events WHERE ${humans.sql}) AS human_events
     FROM bot_events WHERE ${bots.sql}`,
    { ...humans.params, ...bots.params },
  );
  const botRequests = Number(botRow?.bot_requests ?? 0);
  const totalEvents = botRequests + Number(botRow?.human_events ?? 0);
  const layers = Object.fromEntries(BOT_LAYERS.map((name) => [name, Number(botRow?.[`layer_${name}`] ?? 0)])) as Record<BotLayer, number>;
  return { bot_requests: botRequests, total_events: totalEvents, bot_percentage: percentOf(botRequests, totalEvents), ...layers };
}

/** Bot requests per bucket (default day), zero-filled; `time` is the bucket start in time_zone. */
export async function botTimeSeries(
  store: AnalyticsStore,
  query: StatsQuery,
  layer: BotLayer | undefined,
): Promise<Array<{ time: string; bot_requests: number }>> {
  const bucket = query.bucket ?? 'day';
  const where = botWhere(query, layer);
  const time = bucketSql(bucket, query.range.timeZone);
  const rows = await store.query<{ time: string; bot_requests: string }>(
    `SELECT ${time.sql} AS time, count() AS bot_requests FROM bot_events WHERE ${where.sql} GROUP BY ${time.key}`,
    { ...where.params, ...time.params },
  );
  const series = rows.map((row) => ({ time: row.time, bot_requests: Number(row.bot_requests) }));
  return fillBuckets(series, query.range, bucket, (t) => ({ time: t, bot_requests: 0 }));
}

export interface BotBreakdown {
  data: Array<{ value: string; count: number; percentage: number }>;
  /** Distinct values in scope (for paging). */
  totalCount: number;
}

/** Bot requests per value of a dimension, count desc then value; percentage of all bot requests in scope. */
export async function botsByDimension(
  store: AnalyticsStore,
  query: StatsQuery,
  layer: BotLayer | undefined,
  dimension: BotDimension,
  paging: Paging,
): Promise<BotBreakdown> {
  const where = botWhere(query, layer);
  const expression = botDimensionSql(dimension);
  // The page and the totals in one scan; a page past the last value has no row to carry them, so they are counted apart.
  const rows = await store.query<{ value: string; requests: string; total: string; distinct_values: string }>(
    `SELECT ${expression} AS value, count() AS requests, sum(count()) OVER () AS total, count() OVER () AS distinct_values
     FROM bot_events WHERE ${where.sql}
     GROUP BY value ORDER BY requests DESC, value ASC LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
    { ...where.params, ...pageWindow(paging) },
  );
  const totals = rows[0] ?? (paging.page > 1 ? await breakdownTotals(store, where, expression) : undefined);
  const total = Number(totals?.total ?? 0);
  return {
    data: rows.map((row) => ({ value: row.value, count: Number(row.requests), percentage: percentOf(Number(row.requests), total) })),
    totalCount: Number(totals?.distinct_values ?? 0),
  };
}

async function breakdownTotals(store: AnalyticsStore, where: SqlFragment, expression: string): Promise<{ total: string; distinct_values: string } | undefined> {
  const [row] = await store.query<{ total: string; distinct_values: string }>(
    `SELECT count() AS total, uniqExact(${expression}) AS distinct_values FROM bot_events WHERE ${where.sql}`,
    where.params,
  );
  return row;
}
