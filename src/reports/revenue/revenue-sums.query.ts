// Revenue summed per currency from the custom events that carry it, for any number of conditions in one scan.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { CurrencySum } from '../../revenue/revenue-summary.js';
import { ACTION_EVENTS } from '../action-events.js';
import { anyOf, mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';

/** Rows of ACTION_EVENTS that carry revenue: custom events with a currency (the type leads the table's order). */
export const CARRIES_REVENUE = "type = 'custom_event' AND revenue_currency != ''";

/**
 * Per condition, its matching events' revenue per currency: `where` narrows every row (site, range, filters),
 * each condition picks its own events (a goal's). One pass, reading only rows that match some condition.
 */
export async function revenueSumsFor(store: AnalyticsStore, where: SqlFragment, conditions: readonly SqlFragment[]): Promise<CurrencySum[][]> {
  if (conditions.length === 0) return [];
  const columns = conditions.flatMap((condition, index) => [
    `toString(sumIf(revenue_amount, ${condition.sql})) AS a${index}`,
    `countIf(${condition.sql}) AS n${index}`,
  ]);
  const rows = await store.query<Record<string, string | number>>(
    `SELECT revenue_currency AS currency, ${columns.join(', ')}
     FROM ${ACTION_EVENTS} WHERE ${CARRIES_REVENUE} AND ${where.sql} AND (${anyOf(conditions).sql})
     GROUP BY currency ORDER BY currency`,
    mergeParams([where, ...conditions]),
  );
  return conditions.map((_, index) =>
    rows
      .map((row) => ({ currency: String(row.currency), amount: String(row[`a${index}`] ?? '0'), events: Number(row[`n${index}`] ?? 0) }))
      .filter((sum) => sum.events > 0),
  );
}

/** All revenue in range (with the filters) per currency, and the sessions it came from. */
export async function revenueTotals(store: AnalyticsStore, where: SqlFragment): Promise<{ sums: CurrencySum[]; sessions: number }> {
  const rows = await store.query<{ currency: string; amount: string; events: number | string; sessions: number | string }>(
    `SELECT revenue_currency AS currency, toString(sum(revenue_amount)) AS amount, count() AS events, uniqExact(session_id) AS sessions
     FROM ${ACTION_EVENTS} WHERE ${CARRIES_REVENUE} AND ${where.sql}
     GROUP BY GROUPING SETS ((currency), ())`,
    where.params,
  );
  const total = rows.find((row) => row.currency === '');
  return {
    sums: rows.filter((row) => row.currency !== '').map((row) => ({ currency: row.currency, amount: row.amount, events: Number(row.events) })),
    sessions: Number(total?.sessions ?? 0),
  };
}
