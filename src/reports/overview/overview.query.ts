// Overview figures: sessions, pageviews, users, pages per session, bounce rate and session duration,
// in total or per time bucket. One per-session pass; the totals are aggregates over it.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';

export interface OverviewFigures {
  sessions: number;
  pageviews: number;
  users: number;
  pages_per_session: number;
  bounce_rate: number;
  session_duration: number;
}

interface OverviewRow {
  sessions: string;
  pageviews: string;
  users: string;
  bounces: string;
  duration_sum: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Per-session figures; a bounce is a session with exactly one pageview. Buckets go by session start. */
const SESSION_SQL = (where: string, bucket?: { label: string; key: string }) => `
  SELECT
    ${bucket ? `${bucket.label} AS time,` : ''}
    count() AS sessions,
    sum(pv) AS pageviews,
    uniqExact(uid) AS users,
    countIf(pv = 1) AS bounces,
    sum(dur) AS duration_sum
  FROM (
    SELECT
      session_id,
      ${bucket ? 'min(timestamp) AS session_start,' : ''}
      any(user_id) AS uid,
      countIf(type = 'pageview') AS pv,
      dateDiff('millisecond', min(timestamp), max(timestamp)) / 1000 AS dur
    FROM events
    WHERE ${where}
    GROUP BY session_id
  )
  ${bucket ? `GROUP BY ${bucket.key}` : ''}`;

function figures(row: OverviewRow | undefined): OverviewFigures {
  const sessions = Number(row?.sessions ?? 0);
  const pageviews = Number(row?.pageviews ?? 0);
  return {
    sessions,
    pageviews,
    users: Number(row?.users ?? 0),
    pages_per_session: sessions === 0 ? 0 : round2(pageviews / sessions),
    bounce_rate: sessions === 0 ? 0 : round2((Number(row?.bounces ?? 0) * 100) / sessions),
    session_duration: sessions === 0 ? 0 : round2(Number(row?.duration_sum ?? 0) / sessions),
  };
}

export async function overview(store: AnalyticsStore, query: StatsQuery): Promise<OverviewFigures> {
  const where = baseWhere(query);
  const rows = await store.query<OverviewRow>(SESSION_SQL(where.sql), where.params);
  return figures(rows[0]);
}

export async function overviewTimeSeries(store: AnalyticsStore, query: StatsQuery): Promise<Array<OverviewFigures & { time: string }>> {
  const bucket = query.bucket ?? 'day';
  const where = baseWhere(query);
  const time = bucketSql(bucket, query.range.timeZone, 'session_start');
  const rows = await store.query<OverviewRow & { time: string }>(SESSION_SQL(where.sql, { label: time.sql, key: time.key }), { ...where.params, ...time.params });
  const series = rows.map((row) => ({ time: row.time, ...figures(row) }));
  return fillBuckets(series, query.range, bucket, (t) => ({ time: t, ...figures(undefined) }));
}
