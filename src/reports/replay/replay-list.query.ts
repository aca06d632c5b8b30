// The replay list: recorded sessions (those with a full snapshot) of the site, newest first, with the
// device and place of their recording and the entry page and channel of their session.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { allOf, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { timeRangeConditions } from '../../stats/time-range.js';
import { latestTraits } from '../users/user-fields.query.js';
import { batchTotalsSql, REPLAY_METADATA_AGGREGATES_SQL, REPLAY_METADATA_COLUMNS_SQL, sessionSourcesOf, type ReplayMetadataRow } from './replay-metadata.query.js';

export interface ReplayListOptions {
  readonly limit: number;
  readonly offset: number;
  /** A visitor id or an identified user id. */
  readonly userId?: string | undefined;
  /** Shortest recording, in seconds. */
  readonly minDurationSeconds?: number | undefined;
}

export type ReplayListItem = Omit<ReplayMetadataRow, 'user_agent' | 'language' | 'lat' | 'lon' | 'hostname' | 'referrer' | 'compressed_size_bytes'> & {
  readonly entry_page: string;
  readonly channel: string;
  readonly traits: unknown;
};

/** Sessions with an event matching the filters, when the request filters at all. */
function filteredSessions(query: StatsQuery): SqlFragment {
  if (query.filters.length === 0) return ALWAYS_TRUE;
  const events = baseWhere(query);
  return { sql: `session_id IN (SELECT session_id FROM events WHERE ${events.sql})`, params: events.params };
}

function havingConditions(query: StatsQuery, options: ReplayListOptions): SqlFragment {
  const parts: SqlFragment[] = [...timeRangeConditions(query.range, 'started', 'replay')];
  if (options.minDurationSeconds !== undefined) {
    parts.push({ sql: "dateDiff('millisecond', started, ended) >= {min_duration_ms:UInt64}", params: { min_duration_ms: options.minDurationSeconds * 1000 } });
  }
  if (options.userId !== undefined) {
    parts.push({ sql: '(visitor = {replay_user:String} OR identified = {replay_user:String})', params: { replay_user: options.userId } });
  }
  return allOf(parts);
}

export async function listReplays(store: AnalyticsStore, query: StatsQuery, options: ReplayListOptions): Promise<ReplayListItem[]> {
  const filtered = filteredSessions(query);
  const having = havingConditions(query, options);
  const rows = await store.query<ReplayMetadataRow>(
    `SELECT ${REPLAY_METADATA_COLUMNS_SQL}
     FROM (
       ${REPLAY_METADATA_AGGREGATES_SQL}
       FROM session_replay_metadata
       WHERE site_id = {siteId:UInt32} AND ${filtered.sql}
       GROUP BY session_id
       HAVING ${having.sql}
     ) AS m
     INNER JOIN (${batchTotalsSql('')}) AS b ON m.sid = b.bid
     ORDER BY started DESC, sid DESC
     LIMIT {replay_limit:UInt32} OFFSET {replay_offset:UInt64}`,
    { ...filtered.params, ...having.params, siteId: query.siteId, replay_limit: options.limit, replay_offset: options.offset },
  );
  const sources = await sessionSourcesOf(store, query.siteId, rows.map((row) => row.session_id));
  const traits = await latestTraits(store, query.siteId, rows.map((row) => row.identified_user_id));
  return rows.map((row) => {
    const { user_agent: _ua, language: _language, lat: _lat, lon: _lon, hostname: _hostname, referrer: _referrer, compressed_size_bytes: _size, ...item } = row;
    const source = sources.get(row.session_id);
    return { ...item, entry_page: source?.entry_page || pathOf(row.page_url), channel: source?.channel ?? '', traits: traits.get(row.identified_user_id) ?? null };
  });
}

/** The path of a page URL, for a recording whose session has no pageview stored. */
export function pathOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).pathname;
  } catch {
    return '';
  }
}
