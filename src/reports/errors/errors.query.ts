// Error reports over `type = 'error'` events (read from action_events, see ../action-events.ts): messages with their shares, one message's occurrences, its series.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { percentOf } from '../percentage.js';
import { pageWindow, type CountedPage, type Paging } from '../report-paging.js';
import { bucketStartIsoIn } from './bucket-start-iso.js';
import { errorDetails, type ErrorDetails } from './error-details.js';
import { ACTION_EVENTS } from '../action-events.js';
import { utcMillisSql } from '../response-time.js';
import { withReplayFlags } from '../replay/recorded-sessions.query.js';

export interface ErrorNameEntry {
  value: string;
  errorName: string;
  count: number;
  sessionCount: number;
  percentage: number;
}

export interface ErrorEvent extends ErrorDetails {
  timestamp: string;
  session_id: string;
  user_id: string;
  identified_user_id: string;
  pathname: string;
  hostname: string;
  page_title: string;
  referrer: string;
  browser: string;
  browser_version: string;
  operating_system: string;
  operating_system_version: string;
  device_type: string;
  country: string;
  region: string;
  city: string;
}

const MESSAGE = "JSONExtractString(props, 'message')";

/** The error rows of the query, optionally only those of one message (bound as `error_message`). */
function errorWhere(query: StatsQuery, message?: string) {
  const where = baseWhere(query);
  const sql = `(${where.sql}) AND type = 'error'${message === undefined ? '' : ` AND ${MESSAGE} = {error_message:String}`}`;
  return { sql, params: message === undefined ? where.params : { ...where.params, error_message: message } };
}

/**
 * One entry per message, count desc then message. `errorName` is the error type of the message's latest
 * occurrence; the share is of all error occurrences in the range (every page shares one total). The
 * number of messages comes from the same pass (a window over the groups).
 */
export async function errorNames(store: AnalyticsStore, query: StatsQuery, paging: Paging): Promise<CountedPage<ErrorNameEntry>> {
  const where = errorWhere(query);
  const run = (window: { limit: number; offset: number }) =>
    store.query<{ value: string; errorName: string; occurrences: string; sessions: string; total: string; messages: string }>(
      `SELECT ${MESSAGE} AS value, argMax(event_name, timestamp) AS errorName, count() AS occurrences,
         uniqExact(session_id) AS sessions, sum(count()) OVER () AS total, count() OVER () AS messages
       FROM ${ACTION_EVENTS} WHERE ${where.sql}
       GROUP BY value ORDER BY occurrences DESC, value ASC
       LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
      { ...where.params, ...window },
    );
  const window = pageWindow(paging);
  const rows = await run(window);
  // A page past the end has no row to carry the count: read it from the first row.
  const counted = rows[0] ?? (window.offset > 0 ? (await run({ limit: 1, offset: 0 }))[0] : undefined);
  return {
    data: rows.map((row) => ({
      value: row.value,
      errorName: row.errorName,
      count: Number(row.occurrences),
      sessionCount: Number(row.sessions),
      percentage: percentOf(Number(row.occurrences), Number(row.total)),
    })),
    totalCount: Number(counted?.messages ?? 0),
  };
}

/** How many occurrences one message has (the `totalCount` of its paged occurrences). */
export async function countErrorEvents(store: AnalyticsStore, query: StatsQuery, message: string): Promise<number> {
  const where = errorWhere(query, message);
  const rows = await store.query<{ total: string }>(`SELECT count() AS total FROM ${ACTION_EVENTS} WHERE ${where.sql}`, where.params);
  return Number(rows[0]?.total ?? 0);
}

/** Occurrences of one message, newest first, with the context of each, the details from its props and whether its session was recorded. */
export async function errorEvents(store: AnalyticsStore, query: StatsQuery, message: string, paging: Paging): Promise<Array<ErrorEvent & { has_replay: number }>> {
  const where = errorWhere(query, message);
  const rows = await store.query<Omit<ErrorEvent, keyof ErrorDetails | 'timestamp' | 'session_id'> & { at: string; sid: string; props: string }>(
    `SELECT ${utcMillisSql('timestamp')} AS at, toString(session_id) AS sid, user_id, identified_user_id,
       pathname, hostname, page_title, referrer, browser, browser_version, operating_system, operating_system_version,
       device_type, country, region, city, props
     FROM ${ACTION_EVENTS} WHERE ${where.sql}
     ORDER BY timestamp DESC, event_id ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
    { ...where.params, ...pageWindow(paging) },
  );
  const occurrences = rows.map(({ at, sid, props, ...row }) => ({
    timestamp: at,
    session_id: sid,
    ...row,
    ...errorDetails(props),
  }));
  return withReplayFlags(store, query.siteId, occurrences);
}

/** Occurrences of one message per bucket (default hour), zero-filled; `time` is the bucket start in UTC. */
export async function errorTimeSeries(
  store: AnalyticsStore,
  query: StatsQuery,
  message: string,
): Promise<Array<{ time: string; error_count: number }>> {
  const bucket = query.bucket ?? 'hour';
  const where = errorWhere(query, message);
  const time = bucketSql(bucket, query.range.timeZone);
  const rows = await store.query<{ time: string; error_count: string }>(
    `SELECT ${time.sql} AS time, count() AS error_count FROM ${ACTION_EVENTS} WHERE ${where.sql} GROUP BY ${time.key}`,
    { ...where.params, ...time.params },
  );
  const series = rows.map((row) => ({ time: row.time, error_count: Number(row.error_count) }));
  const startIso = bucketStartIsoIn(query.range.timeZone);
  return fillBuckets(series, query.range, bucket, (t) => ({ time: t, error_count: 0 })).map((row) => ({
    time: startIso(row.time),
    error_count: row.error_count,
  }));
}
