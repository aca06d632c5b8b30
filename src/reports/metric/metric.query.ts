// /metric: the breakdown of sessions, pageviews and bounce rate by one dimension, ranked and paged.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { StatsParamError } from '../../stats/bad-request-error.js';
import { findDimension } from '../../stats/dimensions.js';
import { sessionSplit } from '../../stats/session-rows.query.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { engagedSecondsOfPaths } from '../engagement/engaged-seconds-of-paths.query.js';
import { breakdownSql } from './metric-breakdown-sql.js';
import { withImportedAggregates } from './imported-breakdown-sql.js';
import { percentOf, round2 } from '../percentage.js';
import { rankedPage, type RankedTotals } from './ranked-page.query.js';
import type { Paging } from '../report-paging.js';
import type { MetricEntry } from './metric.schema.js';

export interface MetricPage {
  data: MetricEntry[];
  totalCount: number;
}

/** A grouped breakdown row as the engine returns it (64-bit integers as strings). */
export interface BreakdownRow {
  value: string;
  count: string;
  sessions: string;
  pageviews: string;
  bounces: string;
  /** The sessions whose bounces are known (imported pages and events carry none); all sessions when absent. */
  bounce_base?: string;
  duration_sum?: number;
}

export interface MetricRequest extends Paging {
  readonly parameter: string;
}

export async function metricBreakdown(store: AnalyticsStore, query: StatsQuery, request: MetricRequest): Promise<MetricPage> {
  const dimension = findDimension(request.parameter, 'metric_key');
  if (!dimension) throw new StatsParamError('parameter', `Invalid parameter: unknown dimension '${request.parameter}'`);
  // By pathname, the page views' and page visits' tables answer for the same sessions: split them once.
  const splitOf = dimension.name === 'pathname' ? sessionSplit(store, query) : undefined;
  const grouped = withImportedAggregates(query, dimension, await breakdownSql(store, query, dimension, await splitOf));
  const { rows, totals } = await rankedPage<BreakdownRow>(store, grouped, 'count DESC, value ASC', request);
  const engaged = splitOf ? await engagedSecondsOfPaths(store, query, rows.map((row) => row.value), splitOf) : undefined;
  return { data: rows.map((row) => metricEntryOf(row, totals, engaged)), totalCount: totals.rows };
}

/** One row of a /metric answer from its grouped row and the totals of its breakdown. */
export function metricEntryOf(row: BreakdownRow, totals: Pick<RankedTotals, 'countSum' | 'pageviewsSum'>, engaged?: ReadonlyMap<string, number>): MetricEntry {
  const sessions = Number(row.sessions);
  return {
    value: row.value,
    count: Number(row.count),
    percentage: percentOf(Number(row.count), totals.countSum),
    sessions,
    pageviews: Number(row.pageviews),
    pageviews_percentage: percentOf(Number(row.pageviews), totals.pageviewsSum),
    bounce_rate: percentOf(Number(row.bounces), row.bounce_base === undefined ? sessions : Number(row.bounce_base)),
    ...(row.duration_sum === undefined ? {} : { avg_session_duration: sessions === 0 ? 0 : round2(row.duration_sum / sessions) }),
    ...(engaged === undefined ? {} : { time_on_page_seconds: round2(engaged.get(row.value) ?? 0) }),
  };
}
