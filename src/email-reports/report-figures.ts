// The figures of one site's report for one period, read with the reports' own queries over the API's range for
// start_date / end_date in the subscriber's zone: so every number in the mail equals what the API answers.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Goal } from '../goals/index.js';
import { goalResults } from '../reports/index.js';
import { metricBreakdown } from '../reports/index.js';
import { overview, overviewTimeSeries } from '../reports/index.js';
import type { OverviewFigures } from '../reports/index.js';
import type { StatsQuery } from '../stats/stats-query.js';
import { resolveTimeRange } from '../stats/time-range.js';
import type { ReportPeriod } from './report-period.js';
import { NO_RATES } from '../revenue/currency-rates.js';
import type { RevenueContext } from '../revenue/revenue-summary.js';

/** Conversions are what this reads: revenue in no reporting currency (each currency apart), with no rates. */
const CONVERSIONS_ONLY: RevenueContext = { reportingCurrency: null, rates: NO_RATES };

export const TOP_ROWS = 5;

export interface RankedRow {
  readonly value: string;
  readonly count: number;
}

export interface ReportFigures {
  readonly period: ReportPeriod;
  readonly timeZone: string;
  readonly current: OverviewFigures;
  readonly previous: OverviewFigures;
  /** Visitors (users) per local day of the period, for the chart. */
  readonly daily: ReadonlyArray<{ readonly day: string; readonly visitors: number }>;
  readonly pages: readonly RankedRow[];
  readonly sources: readonly RankedRow[];
  readonly countries: readonly RankedRow[];
  readonly goals: ReadonlyArray<{ readonly name: string; readonly conversions: number; readonly rate: number }>;
}

function queryOf(siteId: number, startDate: string, endDate: string, timeZone: string, now: Date): StatsQuery {
  return { siteId, range: resolveTimeRange({ start_date: startDate, end_date: endDate, time_zone: timeZone }, now), filters: [], bucket: 'day' };
}

async function top(store: AnalyticsStore, query: StatsQuery, parameter: string): Promise<RankedRow[]> {
  const page = await metricBreakdown(store, query, { parameter, limit: TOP_ROWS, page: 1 });
  return page.data.map((row) => ({ value: row.value, count: row.count }));
}

export async function reportFigures(store: AnalyticsStore, input: { siteId: number; period: ReportPeriod; timeZone: string; goals: readonly Goal[]; now: Date }): Promise<ReportFigures> {
  const { siteId, period, timeZone, now } = input;
  const query = queryOf(siteId, period.startDate, period.endDate, timeZone, now);
  const previousQuery = queryOf(siteId, period.previousStartDate, period.previousEndDate, timeZone, now);
  const goals = await goalResults(store, query, input.goals, CONVERSIONS_ONLY);
  return {
    period,
    timeZone,
    current: await overview(store, query),
    previous: await overview(store, previousQuery),
    daily: (await overviewTimeSeries(store, query)).map((bucket) => ({ day: bucket.time.slice(0, 10), visitors: bucket.users })),
    pages: await top(store, query, 'pathname'),
    sources: await top(store, query, 'referrer'),
    countries: await top(store, query, 'country'),
    goals: goals.map((goal) => ({ name: goal.name ?? `Goal ${goal.goalId}`, conversions: goal.total_conversions, rate: goal.conversion_rate })),
  };
}
