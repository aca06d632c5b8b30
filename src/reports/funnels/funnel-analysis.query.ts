// The funnel report: sessions reaching each step, and the revenue at an event last step.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { RevenueContext } from '../../revenue/revenue-summary.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import type { FunnelStep } from './funnel-step.schema.js';
import { lastStepRevenue } from './funnel-revenue.query.js';
import { funnelReachedSql, stepResults, type FunnelStepResult } from './funnel.query.js';

export async function analyzeFunnel(store: AnalyticsStore, query: StatsQuery, steps: readonly FunnelStep[], revenue: RevenueContext): Promise<FunnelStepResult[]> {
  const reached = funnelReachedSql(steps, baseWhere(query));
  const rows = await store.query<Record<string, string>>(reached.sql, reached.params);
  const row = rows[0] ?? {};
  const results = stepResults(steps, steps.map((_step, index) => Number(row[`s${index + 1}`] ?? 0)));
  const last = results.at(-1);
  const lastRevenue = last === undefined ? undefined : await lastStepRevenue(store, query, steps, revenue, last.sessions);
  if (last !== undefined && lastRevenue !== undefined) last.revenue = lastRevenue;
  return results;
}
