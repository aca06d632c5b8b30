// Overview figures: sessions, pageviews, users, pages per session, bounce rate and session duration,
// in total or per time bucket: sums over one row per session (see stats/session-rows.query.ts), plus the imported
// daily aggregates of the range when no filter applies (docs/imports.md).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { linkedSessionTotals } from '../../stats/linked-visitors.query.js';
import { importedAggregatesApply, importedAggregatesFit, importedOverviewSql } from '../../stats/imported-aggregates.js';
import { sessionRowsSql } from '../../stats/session-rows.query.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import type { OverviewFigures } from './overview.schema.js';

interface OverviewRow {
  sessions: string;
  pageviews: string;
  users: string;
  bounces: string;
  duration_ms: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The distinct visitor hashes among the rows, exactly: their sorted array's changes from one element to the next,
 * plus one for the first (none without rows). The engine sorts a million hashes in about two thirds of the time
 * `uniqExact` takes to build its hash set of them (decision 0065); the sorted array holds 8 bytes per session.
 */
const DISTINCT_VISITORS = 'arrayCount(step -> step != 0, arrayDifference(arraySort(groupArray(uh)))) + (count() > 0)';

/** Sums over per-session rows; a bounce is a session with exactly one pageview. Buckets go by session start. */
const OVERVIEW_SQL = (sessions: string, bucket?: { label: string; key: string }) => `
  SELECT
    ${bucket ? `${bucket.label} AS time,` : ''}
    count() AS sessions,
    sum(pv) AS pageviews,
    ${DISTINCT_VISITORS} AS users,
    countIf(pv = 1) AS bounces,
    sum(dur_ms) AS duration_ms
  FROM (${sessions})
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
    session_duration: sessions === 0 ? 0 : round2(Number(row?.duration_ms ?? 0) / 1000 / sessions),
  };
}

const SUMMED: ReadonlyArray<keyof OverviewRow> = ['sessions', 'pageviews', 'users', 'bounces', 'duration_ms'];

/** The two rows' sums, column by column. */
function added<Row extends OverviewRow>(row: Row, other: OverviewRow | undefined): Row {
  if (!other) return row;
  const sum = { ...row };
  for (const column of SUMMED) sum[column] = String(Number(row[column]) + Number(other[column]));
  return sum;
}

const NO_ROW: OverviewRow = { sessions: '0', pageviews: '0', users: '0', bounces: '0', duration_ms: '0' };

/** Each summed column as text, so the events' row and the imported days' row share one type per column. */
const AS_TEXT = SUMMED.map((column) => `toString(${column}) AS ${column}`).join(', ');

export async function overview(store: AnalyticsStore, query: StatsQuery): Promise<OverviewFigures> {
  // Without filters, the visitors come from the links between each visitor's sessions when they can answer.
  const linked = await linkedSessionTotals(store, query);
  if (linked) {
    if (!importedAggregatesApply(query)) return figures(linked);
    const imported = importedOverviewSql(query);
    const [importedRow] = await store.query<OverviewRow>(`SELECT ${AS_TEXT} FROM (${imported.sql})`, imported.params);
    return figures(added(linked, importedRow));
  }
  const sessions = await sessionRowsSql(store, query);
  if (!importedAggregatesApply(query)) {
    const [row] = await store.query<OverviewRow>(OVERVIEW_SQL(sessions.sql), sessions.params);
    return figures(row);
  }
  // The imported days' sums come in the same statement as the events' (one trip to the store, not two); both
  // sides bind the site and the range under the same names and values.
  const imported = importedOverviewSql(query);
  const rows = await store.query<OverviewRow>(
    `SELECT ${AS_TEXT} FROM (${OVERVIEW_SQL(sessions.sql)}) UNION ALL SELECT ${AS_TEXT} FROM (${imported.sql})`,
    { ...sessions.params, ...imported.params },
  );
  return figures(rows.reduce<OverviewRow>((sum, row) => added(sum, row), NO_ROW));
}

export async function overviewTimeSeries(store: AnalyticsStore, query: StatsQuery): Promise<Array<OverviewFigures & { time: string }>> {
  const bucket = query.bucket ?? 'day';
  const sessions = await sessionRowsSql(store, query);
  const time = bucketSql(bucket, query.range.timeZone, 'start');
  // The imported days' read runs beside the events' (the store runs reads side by side: decision 0078).
  const [rows, importedRows] = await Promise.all([
    store.query<OverviewRow & { time: string }>(OVERVIEW_SQL(sessions.sql, { label: time.sql, key: time.key }), { ...sessions.params, ...time.params }),
    importedAggregatesApply(query) && importedAggregatesFit(bucket) ? importedBuckets(store, query, bucket) : new Map<string, OverviewRow>(),
  ]);
  const series = rows.map((row) => ({ time: row.time, ...figures(added(row, importedRows.get(row.time))) }));
  // Buckets holding imported days but no events.
  for (const [time, row] of importedRows) if (!rows.some((eventRow) => eventRow.time === time)) series.push({ time, ...figures(row) });
  return fillBuckets(series, query.range, bucket, (t) => ({ time: t, ...figures(undefined) }));
}

/** The imported days' sums per bucket label. */
async function importedBuckets(store: AnalyticsStore, query: StatsQuery, bucket: NonNullable<StatsQuery['bucket']>): Promise<Map<string, OverviewRow>> {
  const imported = importedOverviewSql(query, bucket);
  const rows = await store.query<OverviewRow & { time: string }>(imported.sql, imported.params);
  return new Map(rows.map((row) => [row.time, row]));
}
