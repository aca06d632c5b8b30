// Bounce rate and time on page of the (title, path) rows of one /page-titles page, as the origin's page-titles
// rows carry them: over the period's pageviews matching the filters, a bounce is a session with exactly one such
// pageview, and a view's time is the seconds to the session's next pageview (0 for its last), kept within 0..1800.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { percentOf, round2 } from '../percentage.js';

export interface PageTitleEngagement {
  readonly bounce_rate: number;
  readonly time_on_page_seconds: number;
}

/** The longest time one view counts for, in seconds (a tab left open for hours would swamp the mean). */
const MAX_VIEW_SECONDS = 1800;

interface EngagementRow {
  value: string;
  pathname: string;
  sessions: string | number;
  bounced: string | number;
  view_seconds: string | number | null;
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
  const rows = await store.query<EngagementRow>(
    `SELECT value, pathname, uniqExact(session_id) AS sessions, uniqExactIf(session_id, session_views = 1) AS bounced,
       avg(least(greatest(if(isNull(next_at), 0, dateDiff('millisecond', timestamp, next_at) / 1000), 0), {max_view_seconds:UInt32})) AS view_seconds
     FROM (
       SELECT page_title AS value, pathname, session_id, timestamp,
         leadInFrame(toNullable(timestamp)) OVER (PARTITION BY session_id ORDER BY timestamp, event_id ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) AS next_at,
         count() OVER (PARTITION BY session_id) AS session_views
       FROM events WHERE ${where.sql} AND type = 'pageview'
     )
     WHERE (value, pathname) IN (SELECT arrayJoin(arrayZip({asked_titles:Array(String)}, {asked_paths:Array(String)})))
     GROUP BY value, pathname`,
    { ...where.params, max_view_seconds: MAX_VIEW_SECONDS, asked_titles: pairs.map((pair) => pair.value), asked_paths: pairs.map((pair) => pair.pathname) },
  );
  for (const row of rows) {
    found.set(pageTitleKey(row.value, row.pathname), {
      bounce_rate: percentOf(Number(row.bounced), Number(row.sessions)),
      time_on_page_seconds: round2(Number(row.view_seconds ?? 0)),
    });
  }
  return found;
}
