// The engagement reports: engaged time and scroll depth over the range, and per page.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { sessionRowsSql } from '../../stats/session-rows.query.js';
import { SESSION_ENGAGED_MS } from '../../stats/session-values.js';
import { mergeParams } from '../../stats/sql-fragment.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import type { Paging } from '../report-paging.js';
import { PAGE_VISIT_FIGURES, pageVisitFigures, type PageVisitFigures, type PageVisitFiguresRow } from './engagement-sql.js';
import { pageVisitRowsSql } from './page-visit-rows.query.js';

const round2 = (value: number) => Math.round(value * 100) / 100;

export interface EngagementOverview extends PageVisitFigures {
  sessions: number;
  engaged_session_duration: number;
}

/**
 * Page-visit figures over the range, and the visit duration from engaged time: all engaged time divided by all
 * sessions with events in the range (one-page visits count their time; a session without engagement events,
 * e.g. from a tracker that sends none, counts as 0 s).
 */
export async function engagementOverview(store: AnalyticsStore, query: StatsQuery): Promise<EngagementOverview> {
  // One row per session with its engaged time: from the `sessions` table where it can answer (as the overview
  // counts sessions), from the events otherwise.
  const [visits, sessionRows] = await Promise.all([pageVisitRowsSql(store, query), sessionRowsSql(store, query, SESSION_ENGAGED_MS)]);
  const [pages, sessions] = await Promise.all([
    store.query<PageVisitFiguresRow>(`SELECT ${PAGE_VISIT_FIGURES} FROM (${visits.sql})`, visits.params),
    store.query<{ sessions: number | string; ms: number | string }>(`SELECT count() AS sessions, sum(engaged) AS ms FROM (${sessionRows.sql})`, sessionRows.params),
  ]);
  const count = Number(sessions[0]?.sessions ?? 0);
  return {
    ...pageVisitFigures(pages[0]),
    sessions: count,
    engaged_session_duration: count === 0 ? 0 : round2(Number(sessions[0]?.ms ?? 0) / 1000 / count),
  };
}

export interface PageEngagement extends PageVisitFigures {
  value: string;
}

/** Per path, most visited first: page visits, mean engaged seconds, mean and reached scroll depth. */
export async function pageEngagement(store: AnalyticsStore, query: StatsQuery, paging: Paging): Promise<{ data: PageEngagement[]; totalCount: number }> {
  const visits = await pageVisitRowsSql(store, query);
  const offset = (paging.page - 1) * paging.limit;
  // One pass: the window counts the paths before LIMIT. Only a page beyond the last has no row to carry it.
  const rows = await store.query<PageVisitFiguresRow & { value: string; total: number | string }>(
    `SELECT value, ${PAGE_VISIT_FIGURES}, count() OVER () AS total FROM (${visits.sql})
     GROUP BY value ORDER BY visits DESC, value ASC LIMIT {engagement_limit:UInt32} OFFSET {engagement_offset:UInt32}`,
    mergeParams([visits, { sql: '', params: { engagement_limit: paging.limit, engagement_offset: offset } }]),
  );
  const total = rows[0]?.total ?? (offset === 0 ? 0 : (await store.query<{ total: number | string }>(`SELECT uniqExact(value) AS total FROM (${visits.sql})`, visits.params))[0]?.total);
  return { data: rows.map((row) => ({ value: row.value, ...pageVisitFigures(row) })), totalCount: Number(total ?? 0) };
}
