// The bounce rate of the (title, path) rows of one /page-titles page read from events (with filters; without
// them the sessions table gives it with the ranking): over the period's pageviews matching the filters, a bounce
// is a session with exactly one such pageview, as Rybbit's page-titles rows count it.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { percentOf } from '../percentage.js';

interface BounceRow {
  value: string;
  pathname: string;
  sessions: string | number;
  bounced: string | number;
}

export const pageTitleKey = (value: string, pathname: string): string => JSON.stringify([value, pathname]);

/** Bounce rates keyed by `pageTitleKey(title, pathname)`; only the pairs asked for are read. */
export async function pageTitleBounces(
  store: AnalyticsStore,
  query: StatsQuery,
  pairs: ReadonlyArray<{ readonly value: string; readonly pathname: string }>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (pairs.length === 0) return found;
  const where = baseWhere(query);
  const rows = await store.query<BounceRow>(
    // One row per session that viewed an asked pair: its pageview count and the asked pairs it viewed.
    `SELECT tupleElement(pair, 1) AS value, tupleElement(pair, 2) AS pathname,
       count() AS sessions, countIf(views = 1) AS bounced
     FROM (
       SELECT session_id, count() AS views,
         groupUniqArrayIf((page_title, pathname), (page_title, pathname) IN (SELECT arrayJoin(arrayZip({asked_titles:Array(String)}, {asked_paths:Array(String)})))) AS viewed
       FROM events WHERE ${where.sql} AND type = 'pageview'
       GROUP BY session_id
       HAVING length(viewed) > 0
     )
     ARRAY JOIN viewed AS pair
     GROUP BY value, pathname`,
    { ...where.params, asked_titles: pairs.map((pair) => pair.value), asked_paths: pairs.map((pair) => pair.pathname) },
  );
  for (const row of rows) found.set(pageTitleKey(row.value, row.pathname), percentOf(Number(row.bounced), Number(row.sessions)));
  return found;
}
