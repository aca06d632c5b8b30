// /page-titles: pages by title and pathname, ranked by the sessions that viewed them, paged.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { percentOf } from '../percentage.js';
import type { Paging } from '../report-paging.js';
import { rankedPage } from './ranked-page.js';

export interface PageTitleEntry {
  /** The page title ('' when the page sent none). */
  value: string;
  pathname: string;
  /** Sessions that viewed the page with this title. */
  count: number;
  percentage: number;
  pageviews: number;
}

interface PageTitleRow {
  value: string;
  pathname: string;
  count: string;
  pageviews: string;
}

export async function pageTitles(
  store: AnalyticsStore,
  query: StatsQuery,
  request: Paging,
): Promise<{ data: PageTitleEntry[]; totalCount: number }> {
  const where = baseWhere(query);
  const grouped = {
    sql: `
    SELECT page_title AS value, pathname, uniqExact(session_id) AS count, count() AS pageviews
    FROM events WHERE ${where.sql} AND type = 'pageview'
    GROUP BY value, pathname`,
    params: where.params,
  };
  const order = 'count DESC, pageviews DESC, value ASC, pathname ASC';
  const { rows, totals } = await rankedPage<PageTitleRow>(store, grouped, order, request);
  return {
    data: rows.map((row) => ({
      value: row.value,
      pathname: row.pathname,
      count: Number(row.count),
      percentage: percentOf(Number(row.count), totals.countSum),
      pageviews: Number(row.pageviews),
    })),
    totalCount: totals.rows,
  };
}
