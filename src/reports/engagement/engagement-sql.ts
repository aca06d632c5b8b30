// Page visits as the engagement reports count them: a session's engagement events on one path, summed.
import { mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';
import { ACTION_EVENTS } from '../action-events.js';

/** Scroll depths (percent) whose reach the reports give: the share of page visits that scrolled at least that far. */
export const SCROLL_MARKS = [25, 50, 75, 100] as const;

/**
 * Engagement events are read from ACTION_EVENTS, the copy of `events` ordered by type (they are copied there,
 * decision 0019), so a report reads only their granules; `where` applies unchanged (same columns).
 *
 * One row per page visit (a session's engagement events on one path, `where` applied): `session_id`, `value`
 * (the path), `ms` (engaged milliseconds, summed: the tracker reports increments) and `depth` (the deepest
 * scroll, percent). A path viewed twice in a session is one visit: the events carry no pageview id.
 */
export function pageVisitsSql(where: SqlFragment, value = 'pathname'): SqlFragment {
  return {
    sql: `SELECT session_id, ${value} AS value, sum(engaged_ms) AS ms, max(scroll_depth) AS depth
      FROM ${ACTION_EVENTS} WHERE type = 'engagement' AND ${where.sql}
      GROUP BY session_id, value`,
    params: mergeParams([where]),
  };
}

/** The aggregate columns over page visits: visits, mean engaged seconds, mean depth, and each mark's reach count. */
export const PAGE_VISIT_FIGURES = [
  'count() AS visits',
  'avg(ms) / 1000 AS time_on_page_seconds',
  'avg(depth) AS scroll_depth',
  ...SCROLL_MARKS.map((mark) => `countIf(depth >= ${mark}) AS reached_${mark}`),
].join(', ');

export interface PageVisitFiguresRow {
  visits: number | string;
  time_on_page_seconds: number | string | null;
  scroll_depth: number | string | null;
  [reached: `reached_${number}`]: number | string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export interface PageVisitFigures {
  visits: number;
  time_on_page_seconds: number;
  scroll_depth: number;
  scroll_reach: Record<string, number>;
}

/** The row's figures: seconds and depth to 2 decimals (0 without visits), reach in percent of visits. */
export function pageVisitFigures(row: PageVisitFiguresRow | undefined): PageVisitFigures {
  const visits = Number(row?.visits ?? 0);
  const reach: Record<string, number> = {};
  for (const mark of SCROLL_MARKS) reach[String(mark)] = visits === 0 ? 0 : round2((Number(row?.[`reached_${mark}`] ?? 0) * 100) / visits);
  return {
    visits,
    time_on_page_seconds: visits === 0 ? 0 : round2(Number(row?.time_on_page_seconds ?? 0)),
    scroll_depth: visits === 0 ? 0 : round2(Number(row?.scroll_depth ?? 0)),
    scroll_reach: reach,
  };
}
