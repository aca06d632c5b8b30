// Reads a site's session recordings for the raw export, page by page in session order: first every recording's
// metadata (merged, one row per session), then its batches (the rrweb events as stored). A recording belongs to
// the range its first event falls in, so an export holds whole recordings.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { allOf, type SqlFragment } from '../stats/sql-fragment.js';
import { timeRangeConditions, type TimeRange } from '../stats/time-range.js';
import type { EventPage } from './event-pages.query.js';

/** Batches per page: a batch holds up to a few megabytes of events, so pages stay small. */
export const REPLAY_BATCH_PAGE_ROWS = 100;
export const REPLAY_METADATA_PAGE_ROWS = 5_000;

export const REPLAY_METADATA_COLUMNS = [
  'site_id', 'session_id', 'session_start', 'user_id', 'identified_user_id', 'start_time', 'end_time', 'first_page', 'user_agent',
  'language', 'country', 'region', 'city', 'lat', 'lon', 'browser', 'browser_version', 'operating_system', 'operating_system_version',
  'device_type', 'screen_width', 'screen_height', 'hostname', 'referrer', 'retention_days',
] as const;

export const REPLAY_BATCH_COLUMNS = [
  'site_id', 'session_id', 'batch_id', 'sequence', 'first_at', 'last_at', 'event_count', 'full_snapshots', 'raw_bytes', 'events', 'retention_days',
] as const;

/** How each metadata column merges across its unmerged rows (the table's aggregate functions). */
const MERGE: Readonly<Record<string, string>> = {
  session_start: 'min', identified_user_id: 'max', start_time: 'min', end_time: 'max', first_page: 'min', screen_width: 'max', screen_height: 'max', retention_days: 'max',
};

export interface ReplayScope {
  readonly siteId: number;
  readonly range: TimeRange;
}

/** The site's recorded sessions whose first event is in the range. */
function recordingsInRange(scope: ReplayScope): SqlFragment {
  const range = allOf([{ sql: 'site_id = {siteId:UInt32}', params: { siteId: scope.siteId } }, ...timeRangeConditions(scope.range, 'start_time')]);
  return {
    sql: `site_id = {siteId:UInt32} AND session_id IN (SELECT session_id FROM session_replay_metadata WHERE ${range.sql} GROUP BY session_id)`,
    params: range.params,
  };
}

function metadataSql(scope: ReplayScope, after: string | undefined): SqlFragment {
  const where = recordingsInRange(scope);
  const columns = REPLAY_METADATA_COLUMNS.map((column) => (column === 'site_id' || column === 'session_id' ? column : `${MERGE[column] ?? 'any'}(${column}) AS ${column}`));
  return {
    sql: `SELECT 'session_replay_metadata' AS \`table\`, ${columns.join(', ')} FROM session_replay_metadata
      WHERE ${where.sql}${after === undefined ? '' : ' AND session_id > {after_session:UInt64}'}
      GROUP BY site_id, session_id ORDER BY session_id LIMIT {page_rows:UInt32} SETTINGS max_threads = 1`,
    params: { ...where.params, ...(after === undefined ? {} : { after_session: after }), page_rows: REPLAY_METADATA_PAGE_ROWS },
  };
}

function batchesSql(scope: ReplayScope, after: { session_id: string; batch_id: string } | undefined): SqlFragment {
  const where = recordingsInRange(scope);
  // A batch stored twice (a retry) is one row once merged: FINAL reads it merged.
  return {
    sql: `SELECT 'session_replay_batches' AS \`table\`, ${REPLAY_BATCH_COLUMNS.join(', ')} FROM session_replay_batches FINAL
      WHERE ${where.sql}${after === undefined ? '' : ' AND (session_id, batch_id) > ({after_session:UInt64}, {after_batch:String})'}
      ORDER BY session_id, batch_id LIMIT {page_rows:UInt32} SETTINGS max_threads = 1`,
    params: { ...where.params, ...(after === undefined ? {} : { after_session: after.session_id, after_batch: after.batch_id }), page_rows: REPLAY_BATCH_PAGE_ROWS },
  };
}

const NEWLINE = 0x0a;

function pageOf(bytes: Buffer): { page: EventPage; last: Record<string, unknown> } | undefined {
  let rows = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) rows += 1;
  if (rows === 0) return undefined;
  const end = bytes[bytes.length - 1] === NEWLINE ? bytes.length - 1 : bytes.length;
  const last = JSON.parse(bytes.subarray(bytes.lastIndexOf(NEWLINE, end - 1) + 1, end).toString('utf8')) as Record<string, unknown>;
  return { page: { bytes, rows }, last };
}

/** Pages of one query read by keyset: each page starts after the key of the last row of the one before. */
async function* keysetPages<K>(store: AnalyticsStore, pageRows: number, sqlOf: (after: K | undefined) => SqlFragment, keyOf: (last: Record<string, unknown>) => K): AsyncGenerator<EventPage> {
  let after: K | undefined;
  for (;;) {
    const { sql, params } = sqlOf(after);
    const read = pageOf(await store.queryJsonLines(sql, params));
    if (!read) return;
    yield read.page;
    if (read.page.rows < pageRows) return;
    after = keyOf(read.last);
  }
}

/** The recordings' metadata lines, then their batch lines, a page at a time (read when the consumer asks). */
export async function* replayPages(store: AnalyticsStore, scope: ReplayScope): AsyncGenerator<EventPage> {
  yield* keysetPages(store, REPLAY_METADATA_PAGE_ROWS, (after: string | undefined) => metadataSql(scope, after), (last) => String(last.session_id));
  yield* keysetPages(store, REPLAY_BATCH_PAGE_ROWS, (after: { session_id: string; batch_id: string } | undefined) => batchesSql(scope, after),
    (last) => ({ session_id: String(last.session_id), batch_id: String(last.batch_id) }));
}
