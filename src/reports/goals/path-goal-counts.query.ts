// Sessions converting on path goals from the `page_views_by_kind` table's path rows (analytics migrations 0022 and
// 0029, decision 0041) instead of every event of the range: the pageviews are a third of the events and spread
// among them.
import type { GoalDefinition } from '../../goals/index.js';
import type { SessionSplit } from '../../stats/session-rows.query.js';
import { allOf, mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';
import { filterWhere, type StatsQuery } from '../../stats/stats-query.js';

/** A path goal that looks at the path alone: the table's path rows hold every path a session viewed, and nothing else. */
export function matchesOnPathAlone(goal: GoalDefinition): boolean {
  return goal.goalType === 'path' && goal.hostname === undefined && (goal.config.propertyFilters ?? []).length === 0;
}

/**
 * `g<i>` (as text) per goal: the sessions the split gives to the table whose path rows match its condition (a
 * condition on `type` and `pathname` of the events, read here from the rows), plus the other sessions with a
 * matching pageview inside the range. The two sets of sessions are disjoint, so their counts add.
 *
 * The rows are read without `FINAL`: a distinct count of sessions does not need a session's path rows merged,
 * since every unmerged row of a (session, path) carries that path, and the visitor attributes a filter reads are
 * the same on each of them (the split gives the table only sessions whose events all agree on them). Merging
 * the rows cost more than the count itself (10 M events, two path goals: 235 ms of CPU with `FINAL`, 103 without).
 */
export function pathGoalCountsSql(
  query: StatsQuery,
  split: SessionSplit,
  goals: ReadonlyArray<{ readonly index: number; readonly condition: SqlFragment }>,
): SqlFragment {
  const counts = goals.map(({ index, condition }) => `uniqExactIf(session_id, ${condition.sql}) AS g${index}`).join(', ');
  const where = allOf([split.tableWhere, filterWhere(query)]);
  const sides = [
    `SELECT ${counts} FROM (
      SELECT session_id, page AS pathname, 'pageview' AS type FROM page_views_by_kind WHERE kind = 'path' AND ${where.sql}
    )`,
    ...(split.eventsWhere ? [`SELECT ${counts} FROM events WHERE ${split.eventsWhere.sql}`] : []),
  ];
  return {
    sql: `SELECT ${goals.map(({ index }) => `toString(sum(g${index})) AS g${index}`).join(', ')} FROM (${sides.join(' UNION ALL ')})`,
    params: { ...mergeParams(goals.map((goal) => goal.condition)), ...where.params, ...split.eventsWhere?.params },
  };
}
