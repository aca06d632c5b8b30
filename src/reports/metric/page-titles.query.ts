// /page-titles: pages by title and pathname, ranked by the sessions that viewed them, paged.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { readsSessionsTable, sessionRowsSql, sessionSplit } from '../../stats/session-rows.query.js';
import { SESSION_TITLED_PAGES } from '../../stats/session-values.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { engagedSecondsOfPaths } from '../engagement/engaged-seconds-of-paths.query.js';
import { percentOf, round2 } from '../percentage.js';
import type { Paging } from '../report-paging.js';
import { pageTitleBounces, pageTitleKey } from './page-title-bounces.query.js';
import { titledPageViewCountsSql } from './page-view-counts.query.js';
import { rankedPage } from './ranked-page.query.js';
import type { PageTitleEntry } from './metric.schema.js';

interface PageTitleRow {
  value: string;
  pathname: string;
  count: string;
  pageviews: string;
  /** Sessions of the row with one pageview: present when read from a table of rows per session, which knows it. */
  bounced?: string;
}

/** Sessions, pageviews and one-pageview sessions per (title, path) from the sessions' (title, path) maps. */
async function fromSessions(store: AnalyticsStore, query: StatsQuery): Promise<SqlFragment> {
  const sessions = await sessionRowsSql(store, query, SESSION_TITLED_PAGES);
  return {
    sql: `
    SELECT tupleElement(page, 1) AS value, tupleElement(page, 2) AS pathname, count() AS count, sum(views) AS pageviews,
      countIf(pv = 1) AS bounced
    FROM (${sessions.sql})
    ARRAY JOIN tupleElement(titled_pages, 1) AS page, tupleElement(titled_pages, 2) AS views
    GROUP BY value, pathname`,
    params: sessions.params,
  };
}

/** The same from the pageview events matching the filters. */
function fromEvents(query: StatsQuery): SqlFragment {
  const where = baseWhere(query);
  return {
    sql: `
    SELECT page_title AS value, pathname, uniqExact(session_id) AS count, count() AS pageviews
    FROM events WHERE ${where.sql} AND type = 'pageview'
    GROUP BY value, pathname`,
    params: where.params,
  };
}

export async function pageTitles(
  store: AnalyticsStore,
  query: StatsQuery,
  request: Paging,
): Promise<{ data: PageTitleEntry[]; totalCount: number }> {
  // The rows of a table per session give the bounce rate with the ranking; from the events it takes a second
  // GROUP BY session over the matching pageviews. With filters on visitor attributes the rows still answer (see
  // stats/session-rows.query.ts): on 10 M events with country=US the events' ranking alone was faster (507 against 826 ms),
  // the whole report slower (1,835 ms), so the rows answer whenever they can (decision 0032): the `page_views_by_kind`
  // rows (decision 0041), or, when too many sessions disagree on a visitor attribute to split them, the
  // `sessions` maps.
  const fromTable = readsSessionsTable(query, SESSION_TITLED_PAGES);
  const splitOf = sessionSplit(store, query);
  const split = await splitOf;
  const grouped = split ? titledPageViewCountsSql(query, split) : fromTable ? await fromSessions(store, query) : fromEvents(query);
  const order = 'count DESC, pageviews DESC, value ASC, pathname ASC';
  const { rows, totals } = await rankedPage<PageTitleRow>(store, grouped, order, request);
  const [bounces, seconds] = await Promise.all([
    fromTable ? undefined : pageTitleBounces(store, query, rows),
    engagedSecondsOfPaths(store, query, rows.map((row) => row.pathname), splitOf),
  ]);
  const bounceRate = (row: PageTitleRow): number =>
    row.bounced === undefined ? (bounces?.get(pageTitleKey(row.value, row.pathname)) ?? 0) : percentOf(Number(row.bounced), Number(row.count));
  return {
    data: rows.map((row) => ({
      value: row.value,
      pathname: row.pathname,
      count: Number(row.count),
      percentage: percentOf(Number(row.count), totals.countSum),
      pageviews: Number(row.pageviews),
      bounce_rate: bounceRate(row),
      time_on_page_seconds: round2(seconds.get(row.pathname) ?? 0),
    })),
    totalCount: totals.rows,
  };
}
