// The sessions /journeys counts, one row each, keyed by their first `steps` pages (consecutive repeats of a page
// collapsed): from the pages the `sessions` rows keep (analytics migration 0035) for sessions written in one
// insert, from the rows' (time, path) pairs for the others, from the events for sessions the rows cannot answer for.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { sessionSplit } from '../../stats/session-rows.query.js';
import { allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, filterWhere, type StatsQuery } from '../../stats/stats-query.js';

/** A session's first `steps` pages from its (time, path) pairs `journey`: sorted by time, then path. */
const FIRST_PAGES = 'arraySlice(arrayCompact(arraySort(journey).2), 1, {steps:UInt8}) AS path';

/**
 * Rows of `path` (arrays) as keys: sessions with fewer than `steps` pages left out, the pages joined by newlines
 * (`steps` - 1 of them), or, when a page holds a newline (joined, such pages could not be told apart), `steps`
 * newlines and the pages in hexadecimal, comma-separated: no key of the one kind equals a key of the other.
 */
function keyed(paths: string): string {
  return `SELECT if(arrayExists(page -> position(page, '\\n') > 0, path),
      concat(repeat('\\n', {steps:UInt8}), arrayStringConcat(arrayMap(page -> hex(page), path), ',')),
      arrayStringConcat(path, '\\n')) AS key
    FROM (${paths}) WHERE length(path) = {steps:UInt8}`;
}

/** A key of keyed() (or a stored `journey_pages` cut at `steps`) as the array of its pages. */
export const PAGES_OF_KEY = `if(startsWith(key, repeat('\\n', {steps:UInt8})),
  arrayMap(page -> unhex(page), splitByChar(',', substring(key, {steps:UInt8} + 1))),
  splitByChar('\\n', key))`;

/** The sessions with at least `steps` pageviews among the pageviews matching `where`, from those pageviews. */
function fromPageviews(where: SqlFragment): string {
  return keyed(`SELECT ${FIRST_PAGES} FROM (
      SELECT groupArray((timestamp, toString(pathname))) AS journey FROM events
      WHERE ${where.sql} AND type = 'pageview' GROUP BY session_id HAVING count() >= {steps:UInt8})`);
}

/**
 * `SELECT key`, one row per session counted: its first `steps` pages (see keyed(), PAGES_OF_KEY). Without
 * filters, or with filters on visitor attributes only, the sessions the `sessions` table answers for
 * (stats/session-rows.query.ts: `sessionSplit`) come from their rows, filters applied to the rows' attributes: a
 * row standing for the whole journey (`journey_parts` = 1) gives its stored pages cut at `steps`, a row merged
 * from several inserts' rows its sorted pairs; the other sessions come from their events in the range. With
 * other filters, every session comes from its matching pageviews.
 */
export async function journeyKeysSql(store: AnalyticsStore, query: StatsQuery): Promise<SqlFragment> {
  const split = await sessionSplit(store, query);
  if (!split) {
    const where = baseWhere(query);
    return { sql: fromPageviews(where), params: where.params };
  }
  const rows = allOf([split.tableWhere, filterWhere(query)]);
  const parts = [
    `SELECT substringIndex(journey_pages, '\\n', {steps:UInt8}) AS key
    FROM sessions FINAL WHERE ${rows.sql} AND journey_parts = 1 AND journey_steps >= {steps:UInt8}`,
    // Their keys are found first: a condition on the sorting key skips the granules of the others, whose pairs the
    // engine would otherwise read (FINAL filters after merging).
    keyed(`SELECT ${FIRST_PAGES} FROM sessions FINAL WHERE ${rows.sql} AND (session_start, session_id) IN (
        SELECT session_start, session_id FROM sessions FINAL WHERE ${rows.sql} AND journey_parts > 1 AND pageviews >= {steps:UInt8})`),
  ];
  // The events side binds the filters' values under the same names (equal values): spread, not merged.
  let params = rows.params;
  if (split.eventsWhere) {
    parts.push(fromPageviews(split.eventsWhere));
    params = { ...params, ...split.eventsWhere.params };
  }
  return { sql: parts.join('\n    UNION ALL\n    '), params };
}
