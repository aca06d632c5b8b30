// One row per page visit of a report, from the `page_visits` table (analytics migration 0021) where it can
// answer, from the engagement events otherwise: the same visits, the same figures (decision 0037).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { sessionSplit, type SessionSplit } from '../../stats/session-rows.query.js';
import { ALWAYS_TRUE, allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, filterWhere, type StatsQuery } from '../../stats/stats-query.js';
import { pageVisitsSql } from './engagement-sql.js';

/**
 * A subquery with one row per page visit (`session_id`, `value` the path, `ms`, `depth`; see pageVisitsSql),
 * `paths` (a condition on `pathname`) applied. The visits of sessions wholly inside the range (and, with
 * filters on visitor attributes, agreeing on them) are their merged `page_visits` rows, matching the filters;
 * those of sessions crossing an edge of the range or disagreeing are grouped from their events inside it, as
 * are all visits under other filters (the table cannot tell which of a visit's events matched them).
 * `splitOf`: the query's sessionSplit when the caller has it already (it costs a query or two).
 */
export async function pageVisitRowsSql(
  store: AnalyticsStore,
  query: StatsQuery,
  paths: SqlFragment = ALWAYS_TRUE,
  splitOf: Promise<SessionSplit | undefined> = sessionSplit(store, query),
): Promise<SqlFragment> {
  const split = await splitOf;
  if (!split) return pageVisitsSql(allOf([baseWhere(query), paths]));
  const tableWhere = allOf([split.tableWhere, filterWhere(query), paths]);
  const table: SqlFragment = {
    sql: `SELECT session_id, pathname AS value, engaged_ms AS ms, scroll_depth AS depth FROM page_visits FINAL WHERE ${tableWhere.sql}`,
    params: tableWhere.params,
  };
  if (!split.eventsWhere) return table;
  const events = pageVisitsSql(allOf([split.eventsWhere, paths]));
  // Both sides bind the filters' values under the same names (equal values, distinct arrays): spread, not merged.
  return { sql: `${table.sql}\n    UNION ALL\n    ${events.sql}`, params: { ...table.params, ...events.params } };
}
