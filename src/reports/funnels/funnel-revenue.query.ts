// The revenue at a funnel's last step: what the last step's matching custom events carried in the sessions that
// completed the funnel, from the moment they reached that step on.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { goalConditionSql } from '../../goals/index.js';
import { revenueSummary, type Revenue, type RevenueContext } from '../../revenue/revenue-summary.js';
import { allOf, mergeParams } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { ACTION_EVENTS } from '../action-events.js';
import { CARRIES_REVENUE } from '../revenue/revenue-sums.query.js';
import { stepGoal, type FunnelStep } from './funnel-step.schema.js';
import { funnelSessionsSql, NEVER } from './funnel.query.js';

/** Undefined when the last step is a page (pageviews carry no revenue). `completed` divides the average. */
export async function lastStepRevenue(
  store: AnalyticsStore,
  query: StatsQuery,
  steps: readonly FunnelStep[],
  context: RevenueContext,
  completed: number,
): Promise<Revenue | undefined> {
  const last = steps.at(-1);
  if (last === undefined || last.type !== 'event') return undefined;
  const where = baseWhere(query);
  const condition = goalConditionSql(stepGoal(last), `step${steps.length}_`);
  // Only sessions with such events can carry revenue: without any, the funnel is not grouped again for nothing;
  // with some, only their sessions are (a session's step times depend on its own events alone).
  const revenueEvents = allOf([{ sql: CARRIES_REVENUE, params: {} }, where, condition]);
  const [found] = await store.query<{ events: string }>(`SELECT toString(count()) AS events FROM ${ACTION_EVENTS} WHERE ${revenueEvents.sql}`, revenueEvents.params);
  if (Number(found?.events ?? 0) === 0) return revenueSummary([], context, completed);
  const withRevenue = { sql: `session_id IN (SELECT session_id FROM ${ACTION_EVENTS} WHERE ${revenueEvents.sql})`, params: revenueEvents.params };
  const sessions = funnelSessionsSql(steps, allOf([where, withRevenue]));
  const reached = `t${steps.length}`;
  const rows = await store.query<{ currency: string; amount: string; events: number | string }>(
    `SELECT revenue_currency AS currency, toString(sum(revenue_amount)) AS amount, count() AS events
     FROM ${ACTION_EVENTS} AS e
     INNER JOIN (SELECT session_id, ${reached} AS reached FROM (${sessions.sql}) WHERE ${reached} < ${NEVER}) AS f ON f.session_id = e.session_id
     WHERE ${revenueEvents.sql} AND toUnixTimestamp64Milli(e.timestamp) >= f.reached
     GROUP BY currency ORDER BY currency`,
    mergeParams([sessions, revenueEvents]),
  );
  return revenueSummary(rows.map((row) => ({ currency: row.currency, amount: row.amount, events: Number(row.events) })), context, completed);
}
