// Page visits as the engagement reports count them: a session's engagement events on one path, summed.
import type { SessionColumn } from '../../stats/session-values.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';

/** Scroll depths (percent) whose reach the reports give: the share of page visits that scrolled at least that far. */
export const SCROLL_MARKS = [25, 50, 75, 100] as const;

const ENGAGEMENT_OF_PATHS = "sumMapIf(([toString(pathname)], [toUInt64(1)], [toUInt64(engaged_ms)]), type = 'engagement')";
const DEPTH_OF_PATHS = "maxMapIf(([toString(pathname)], [scroll_depth]), type = 'engagement')";

/**
 * `page_visits`: the session's page visits (its engagement events on one path) as three arrays of one length,
 * in path order: the paths, each visit's engaged milliseconds (summed: the tracker reports increments) and its
 * deepest scroll (percent). The `sessions` table keeps them per session (analytics migration 0018), so a report
 * over whole sessions reads a row per session instead of grouping every engagement event by session and path.
 * A path viewed twice in a session is one visit: the events carry no pageview id.
 */
export const SESSION_PAGE_VISITS: SessionColumn = {
  alias: 'page_visits',
  events: `(tupleElement(${ENGAGEMENT_OF_PATHS}, 1), tupleElement(${ENGAGEMENT_OF_PATHS}, 3), tupleElement(${DEPTH_OF_PATHS}, 2))`,
  sessions: '(tupleElement(engaged_pages, 1), tupleElement(engaged_pages, 3), tupleElement(deepest_pages, 2))',
  params: {},
};

/** `ARRAY JOIN` of the session rows' visits: one row per page visit, with `path`, `ms` and `depth`. */
export const UNFOLD_PAGE_VISITS = `ARRAY JOIN tupleElement(page_visits, 1) AS path, tupleElement(page_visits, 2) AS ms, tupleElement(page_visits, 3) AS depth`;

/** The aggregate columns over unfolded page visits: visits, mean engaged seconds, mean depth, and each mark's reach count. */
export const PAGE_VISIT_FIGURES = [
  'count() AS visits',
  'sum(ms) / count() / 1000 AS time_on_page_seconds',
  'avg(depth) AS scroll_depth',
  ...SCROLL_MARKS.map((mark) => `countIf(depth >= ${mark}) AS reached_${mark}`),
].join(', ');

/** The same figures over session rows, without unfolding them: each session adds its visits' counts and sums. */
export const SESSION_VISIT_FIGURES = [
  'sum(length(tupleElement(page_visits, 1))) AS visits',
  'sum(arraySum(tupleElement(page_visits, 2))) / visits / 1000 AS time_on_page_seconds',
  'sum(arraySum(tupleElement(page_visits, 3))) / visits AS scroll_depth',
  ...SCROLL_MARKS.map((mark) => `sum(arrayCount(depth -> depth >= ${mark}, tupleElement(page_visits, 3))) AS reached_${mark}`),
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

/**
 * Mean engaged seconds per page visit of each of `paths` (`value`, `seconds`) over session rows that carry
 * SESSION_PAGE_VISITS: the figure `/metric?parameter=pathname` and `/page-titles` rows carry as
 * `time_on_page_seconds`. Paths without engagement have no row.
 */
export function engagedSecondsOfPathsSql(sessions: SqlFragment, paths: readonly string[]): SqlFragment {
  return {
    sql: `SELECT path AS value, sum(ms) / count() / 1000 AS seconds
      FROM (${sessions.sql}) ${UNFOLD_PAGE_VISITS}
      WHERE path IN {engaged_paths:Array(String)}
      GROUP BY value`,
    params: { ...sessions.params, engaged_paths: [...paths] },
  };
}
