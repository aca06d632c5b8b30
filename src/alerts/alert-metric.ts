// Measures a rule's metric over one window with the reports' own queries (the same figures the API answers
// for that window and those filters): overview, goals, performance and bot reports, and error events counted
// over the query engine's WHERE clause.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Goal } from '../goals/index.js';
import { botOverview } from '../reports/index.js';
import { goalResults } from '../reports/index.js';
import { overview } from '../reports/index.js';
import { performanceOverview } from '../reports/index.js';
import type { Filter } from '../stats/filters.schema.js';
import { baseWhere, type StatsQuery } from '../stats/stats-query.js';
import type { AlertDefinition } from './alert-rule.repository.js';
import { NO_RATES } from '../revenue/currency-rates.js';
import type { RevenueContext } from '../revenue/revenue-summary.js';

/** Conversions are what this reads: revenue in no reporting currency (each currency apart), with no rates. */
const CONVERSIONS_ONLY: RevenueContext = { reportingCurrency: null, rates: NO_RATES };

export interface MetricWindow {
  readonly from: Date;
  readonly to: Date;
}

export interface MetricContext {
  readonly store: AnalyticsStore;
  readonly siteId: number;
  /** The rule's filters followed by its segment's. */
  readonly filters: readonly Filter[];
  /** The rule's goal (metric goal_conversions). */
  readonly goal?: Goal | undefined;
}

function queryOf(context: MetricContext, window: MetricWindow): StatsQuery {
  return { siteId: context.siteId, range: { from: window.from, to: window.to, toInclusive: false, timeZone: 'UTC' }, filters: context.filters };
}

async function errorEvents(store: AnalyticsStore, query: StatsQuery): Promise<number> {
  const where = baseWhere(query);
  const rows = await store.query<{ n: string }>(`SELECT count() AS n FROM events WHERE ${where.sql} AND type = {alert_type:String}`, { ...where.params, alert_type: 'error' });
  return Number(rows[0]?.n ?? 0);
}

/** The metric's value over the window; null when it has none (a percentile without samples). */
export async function measure(definition: AlertDefinition, context: MetricContext, window: MetricWindow): Promise<number | null> {
  const query = queryOf(context, window);
  switch (definition.metric) {
    case 'visitors':
      return (await overview(context.store, query)).users;
    case 'pageviews':
      return (await overview(context.store, query)).pageviews;
    case 'sessions':
      return (await overview(context.store, query)).sessions;
    case 'goal_conversions': {
      if (!context.goal) return null;
      const [result] = await goalResults(context.store, query, [context.goal], CONVERSIONS_ONLY);
      return result?.total_conversions ?? 0;
    }
    case 'errors':
      return errorEvents(context.store, query);
    case 'web_vital': {
      const figures = await performanceOverview(context.store, query);
      return figures[`${definition.vital ?? 'lcp'}_${definition.percentile ?? 'p75'}`] ?? null;
    }
    case 'bot_share':
      return (await botOverview(context.store, query, undefined)).bot_percentage;
  }
}
