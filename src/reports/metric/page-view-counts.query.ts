// Per page (a path, or a (title, path) pair): the sessions that viewed it, its pageviews and its bounces, from the
// `page_views_by_kind` table (analytics migrations 0022 and 0029) for the sessions it answers for, from their events
// for the others (decisions 0041 and 0051).
import type { SessionSplit } from '../../stats/session-rows.query.js';
import { allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { filterWhere, type StatsQuery } from '../../stats/stats-query.js';

/** The rows a breakdown counts: `path` for /metric by pathname, `title` (pairs) for /page-titles. */
export type PageKind = 'path' | 'title';

/** A pageview's page of each kind over `events`, written as the table stores it (see migration 0022). */
const EVENT_PAGE: Readonly<Record<PageKind, string>> = {
  path: 'toString(pathname)',
  title: "concat(toString(length(pathname)), ':', pathname, page_title)",
};

/**
 * `SELECT page, count, pageviews, bounces ... GROUP BY page`: per page of the kind, the sessions that viewed
 * it, its pageviews, and the sessions whose only pageview it was. The sessions the split gives to the table
 * (filters applied to their rows' visitor attributes) are counted from their rows: the kind's rows per page,
 * the session rows (`session_path`, `session_title`) for bounces, each grouped by one LowCardinality column;
 * the others from their events inside the range that match the filters, as the sessions table's reports
 * count them.
 */
export function pageViewCountsSql(kind: PageKind, query: StatsQuery, split: SessionSplit): SqlFragment {
  const where = allOf([split.tableWhere, filterWhere(query)]);
  const parts = [
    `SELECT page, count() AS count, sum(views) AS pageviews, toUInt64(0) AS bounces
    FROM page_views_by_kind FINAL WHERE kind = {page_kind:String} AND ${where.sql} GROUP BY page`,
    // A session viewed its smallest page; when it had one pageview that page is its only one.
    `SELECT min_page AS page, toUInt64(0), toUInt64(0), countIf(views = 1)
    FROM page_views_by_kind FINAL WHERE kind = {session_kind:String} AND ${where.sql} GROUP BY page`,
  ];
  let params = { ...where.params, page_kind: kind, session_kind: `session_${kind}` };
  if (split.eventsWhere) {
    parts.push(`SELECT page, count(), sum(views), countIf(pv = 1)
    FROM (
      SELECT sumMapIf(([${EVENT_PAGE[kind]}], [toUInt64(1)]), type = 'pageview') AS pages, countIf(type = 'pageview') AS pv
      FROM events WHERE ${split.eventsWhere.sql} GROUP BY session_id
    )
    ARRAY JOIN tupleElement(pages, 1) AS page, tupleElement(pages, 2) AS views
    GROUP BY page`);
    // Both sides bind the filters' values under the same names (equal values): spread, not merged.
    params = { ...params, ...split.eventsWhere.params };
  }
  return {
    sql: `
    SELECT page, sum(count) AS count, sum(pageviews) AS pageviews, sum(bounces) AS bounces
    FROM (${parts.join('\n    UNION ALL\n    ')})
    GROUP BY page`,
    params,
  };
}

/**
 * The same per (title, path) pair, as `value` (the title), `pathname`, `count`, `pageviews` and `bounced`: the
 * stored pair split back into its path (after the length and ':') and its title (the rest).
 */
export function titledPageViewCountsSql(query: StatsQuery, split: SessionSplit): SqlFragment {
  const counts = pageViewCountsSql('title', query, split);
  return {
    sql: `
    WITH position(page, ':') AS colon, toUInt64(substring(page, 1, colon - 1)) AS path_length
    SELECT substring(page, colon + 1 + path_length) AS value, substring(page, colon + 1, path_length) AS pathname,
      count, pageviews, bounces AS bounced
    FROM (${counts.sql})`,
    params: counts.params,
  };
}
