// Bounce rate and time on page of the (title, path) rows of one /page-titles page, the fields the origin's
// page-titles rows carry: over the period's pageviews matching the filters, a bounce is a session with exactly one
// such pageview; time on page is the path's mean engaged seconds per page visit, as on /metric's path rows.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { engagedSecondsOfPaths } from '../engagement/engaged-seconds-of-paths.js';
import { percentOf, round2 } from '../percentage.js';

export interface PageTitleEngagement {
  readonly bounce_rate: number;
  readonly time_on_page_seconds: number;
}

interface EngagementRow {
  value: string;
  pathname: string;
  sessions: string | number;
  bounced: string | number;
}

export const pageTitleKey = (value: string, pathname: string): string => JSON.stringify([value, pathname]);

/** Keyed by `pageTitleKey(title, pathname)`; only the pairs asked for are read. */
export async function pageTitleEngagement(
  store: AnalyticsStore,
  query: StatsQuery,
  pairs: ReadonlyArray<{ readonly value: string; readonly pathname: string }>,
): Promise<Map<string, PageTitleEngagement>> {
  const found = new Map<string, PageTitleEngagement>();
  if (pairs.length === 0) return found;
  const where = baseWhere(query);
  const [seconds, rows] = await Promise.all([engagedSecondsOfPaths(store, query, pairs.map((pair) => pair.pathname)), store.query<EngagementRow>(
    `SELECT value, pathname, uniqExact(session_id) AS sessions, uniqExactIf(session_id, session_views = 1) AS bounced
     FROM (
       SELECT page_title AS value, pathname, session_id,
         count() OVER (PARTITION BY session_id) AS session_views
       FROM events WHERE ${where.sql} AND type = 'pageview'
     )
     WHERE (value, pathname) IN (SELECT arrayJoin(arrayZip({asked_titles:Array(String)}, {asked_paths:Array(String)})))
     GROUP BY value, pathname`,
    { ...where.params, asked_titles: pairs.map((pair) => pair.value), asked_paths: pairs.map((pair) => pair.pathname) },
  )]);
  for (const row of rows) {
    found.set(pageTitleKey(row.value, row.pathname), {
      bounce_rate: percentOf(Number(row.bounced), Number(row.sessions)),
      time_on_page_seconds: round2(seconds.get(row.pathname) ?? 0),
    });
  }
  return found;
}
