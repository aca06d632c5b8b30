// Revenue by a dimension: by the revenue event's own page (pathname, hostname, title, event name...) or by the
// session's source (channel, referrer, UTM, entry page: the values the session arrived with).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { revenueSummary, type CurrencySum, type Revenue, type RevenueContext } from '../../revenue/revenue-summary.js';
import { decimalUnits, AMOUNT_SCALE } from '../../revenue/money.js';
import { findDimension } from '../../stats/dimensions.js';
import { sessionValue } from '../../stats/session-values.js';
import { mergeParams } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { StatsParamError } from '../../stats/bad-request-error.js';
import { ACTION_EVENTS } from '../action-events.js';
import { CARRIES_REVENUE } from './revenue-sums.query.js';

/** Dimensions a session has one value of, read from its row in `sessions`: what it came from. */
export const SOURCE_PARAMETERS = ['channel', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'entry_page'] as const;
/** Dimensions read from the revenue event itself. */
export const EVENT_PARAMETERS = ['pathname', 'hostname', 'page_title', 'event_name', 'country', 'region', 'device_type', 'browser', 'operating_system', 'language', 'tag'] as const;
export const REVENUE_PARAMETERS: readonly string[] = [...SOURCE_PARAMETERS, ...EVENT_PARAMETERS];

export interface RevenueRow {
  value: string;
  sessions: number;
  revenue: Revenue;
}

/** Most groups a breakdown ranks (values beyond are left out, as a report page would never reach them). */
const MAX_VALUES = 10_000;

/** The value expression and, for source dimensions, the join that brings the session's row. */
function valueSource(parameter: string): { value: string; join: string } {
  const dimension = findDimension(parameter);
  if (dimension === undefined || !REVENUE_PARAMETERS.includes(parameter)) {
    throw new StatsParamError('parameter', `Invalid parameter: expected one of ${REVENUE_PARAMETERS.join(', ')}`);
  }
  if (!(SOURCE_PARAMETERS as readonly string[]).includes(parameter)) return { value: dimension.expression.sql, join: '' };
  const fromRow = sessionValue(dimension).sessions;
  if (fromRow === undefined) throw new Error(`no sessions column for ${parameter}`);
  return {
    value: 'source.value',
    join: `LEFT JOIN (SELECT session_id, ${fromRow} AS value FROM sessions FINAL
        WHERE site_id = {siteId:UInt32} AND (session_start, session_id) IN (SELECT session_start, session_id FROM revenue_events)) AS source
      ON source.session_id = revenue_events.session_id`,
  };
}

/** Converted total for ranking (ten-thousandths), -1 when it cannot be converted (ranked after, by events). */
function rankOf(row: RevenueRow): bigint {
  return row.revenue.total === null ? -1n : (decimalUnits(row.revenue.total, AMOUNT_SCALE) ?? -1n);
}

export async function revenueBreakdown(
  store: AnalyticsStore,
  query: StatsQuery,
  context: RevenueContext,
  params: { parameter: string; limit: number; page: number },
): Promise<{ data: RevenueRow[]; totalCount: number }> {
  const where = baseWhere(query);
  const { value, join } = valueSource(params.parameter);
  // The (value) grouping set gives each value's distinct sessions across currencies, with currency '' (no
  // revenue event has an empty currency).
  const rows = await store.query<{ value: string; currency: string; amount: string; events: number | string; sessions: number | string }>(
    `WITH revenue_events AS (
       SELECT * FROM ${ACTION_EVENTS} WHERE ${CARRIES_REVENUE} AND ${where.sql}
     )
     SELECT toString(${value}) AS value, revenue_currency AS currency, toString(sum(revenue_amount)) AS amount, count() AS events,
       uniqExact(revenue_events.session_id) AS sessions
     FROM revenue_events ${join}
     GROUP BY GROUPING SETS ((value, currency), (value))
     ORDER BY value, currency
     LIMIT {revenue_limit:UInt32}`,
    mergeParams([where, { sql: '', params: { revenue_limit: MAX_VALUES } }]),
  );
  const groups = new Map<string, { sums: CurrencySum[]; sessions: number }>();
  for (const row of rows) {
    const group = groups.get(row.value) ?? { sums: [], sessions: 0 };
    if (row.currency === '') group.sessions = Number(row.sessions);
    else group.sums.push({ currency: row.currency, amount: row.amount, events: Number(row.events) });
    groups.set(row.value, group);
  }
  const ranked = [...groups.entries()]
    .map(([groupValue, group]) => ({ value: groupValue, sessions: group.sessions, revenue: revenueSummary(group.sums, context, group.sessions) }))
    .sort((a, b) => {
      const byTotal = rankOf(b) - rankOf(a);
      return byTotal !== 0n ? (byTotal > 0n ? 1 : -1) : b.revenue.events - a.revenue.events || a.value.localeCompare(b.value);
    });
  const offset = (params.page - 1) * params.limit;
  return { data: ranked.slice(offset, offset + params.limit), totalCount: ranked.length };
}
