// /journeys: the most common first `steps` pages of sessions, consecutive repeats of a page collapsed.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { isLiteralPattern, pathPattern } from '../../goals/index.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { percentOf } from '../percentage.js';
import { journeyKeysSql, PAGES_OF_KEY } from './journey-keys.query.js';

export interface Journey {
  path: string[];
  /** Sessions whose journey this is. */
  count: number;
  /** Share of the sessions that viewed at least `steps` distinct-in-a-row pages. */
  percentage: number;
}

export interface JourneyRequest {
  readonly steps: number;
  readonly limit: number;
  /** 0-based step -> the path there, or a path pattern (`*` = one segment, `**` = anything). */
  readonly stepFilters?: ReadonlyMap<number, string>;
}

/** The journey's pages (an array expression) have the page (or a page matching the pattern) at each filtered step. */
function stepConditions(stepFilters: ReadonlyMap<number, string>, pages: string): SqlFragment {
  return allOf(
    [...stepFilters].map(([step, page], index) => {
      const at = `arrayElement(${pages}, {step_at_${index}:UInt8})`;
      const literal = isLiteralPattern(page);
      return {
        sql: literal ? `${at} = {step_page_${index}:String}` : `match(${at}, {step_page_${index}:String})`,
        params: { [`step_at_${index}`]: step + 1, [`step_page_${index}`]: literal ? page : pathPattern(page).re2 },
      };
    }),
  );
}

/**
 * Each session's pages in time order (ties by pathname), repeats in a row dropped (arrayCompact), cut to
 * `steps`; sessions whose cut path is shorter do not count. Step filters keep the journeys with the chosen
 * pages at the chosen steps; percentages stay shares of all the sessions counted.
 */
export async function journeys(store: AnalyticsStore, query: StatsQuery, request: JourneyRequest): Promise<Journey[]> {
  const stepFilters = request.stepFilters ?? new Map<number, string>();
  if ([...stepFilters.keys()].some((step) => step >= request.steps)) return [];
  const sessions = await journeyKeysSql(store, query);
  const chosen = stepConditions(stepFilters, PAGES_OF_KEY);
  // The groups of the page are found by count first (ties kept), so only those keys are split into arrays to be
  // ordered as the raw SQL orders them (a key's text order differs for pages holding control characters).
  const rows = await store.query<{ path: string[]; count: string; total: string }>(
    `SELECT ${PAGES_OF_KEY} AS path, count, total FROM (
       SELECT key, count, total FROM (
         SELECT key, count() AS count, sum(count()) OVER () AS total
         FROM (${sessions.sql})
         GROUP BY key
       )
       WHERE ${chosen.sql}
       ORDER BY count DESC
       LIMIT {journey_limit:UInt32} WITH TIES
     )
     ORDER BY count DESC, path ASC
     LIMIT {journey_limit:UInt32}`,
    { ...sessions.params, ...chosen.params, steps: request.steps, journey_limit: request.limit },
  );
  return rows.map((row) => ({
    path: row.path,
    count: Number(row.count),
    percentage: percentOf(Number(row.count), Number(row.total)),
  }));
}
