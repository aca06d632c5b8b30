// Hand-written raw SQL of the traffic reports: overview, its series, /metric breakdowns, page titles, live count, journeys, retention.
import { eventWhere, PERSON, SESSION_CHANNEL, type RawContext, type RawQuery } from './raw-scope.js';

/** Per session: pageviews and duration in ms, over the rows of `where`, plus the `extra` columns. */
const perSession = (where: string, extra: string) => `
  SELECT ${extra}countIf(type = 'pageview') AS pv, dateDiff('millisecond', min(timestamp), max(timestamp)) AS dur_ms
  FROM events WHERE ${where} GROUP BY session_id`;

/** Sums over sessions; durations come back in ms. */
const SESSION_SUMS = 'count() AS sessions, sum(pv) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) AS duration_ms';

const overview: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [await run(`SELECT ${SESSION_SUMS}, uniqExact(uid) AS users FROM (${perSession(where.sql, 'any(user_id) AS uid, ')})`, where.params)];
};

const overviewTimeSeries: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT toString(toDate(start)) AS day, ${SESSION_SUMS}, uniqExact(uid) AS users
       FROM (${perSession(where.sql, 'min(timestamp) AS start, any(user_id) AS uid, ')}) GROUP BY day ORDER BY day`,
      where.params,
    ),
  ];
};

/** The ranked page of a breakdown with its totals, from per-value rows that have `count` and `pageviews`. */
const ranked = (inner: string, order = 'count DESC, value ASC') => `
  SELECT *, count() OVER () AS total_rows, sum(count) OVER () AS count_sum, sum(pageviews) OVER () AS pageviews_sum
  FROM (${inner}) ORDER BY ${order} LIMIT 100`;

/** Each session counted under one value (an aggregate over its events). */
function sessionValueBreakdown(value: (context: RawContext) => string): RawQuery {
  return async (run, context) => {
    const where = eventWhere(context);
    const inner = `SELECT value, count() AS count, sum(pv) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) AS duration_ms
      FROM (${perSession(where.sql, `${value(context)} AS value, `)}) GROUP BY value`;
    return [await run(ranked(inner), where.params)];
  };
}

/** The first-event value of a session, for the dimensions the benchmark breaks down by. */
const FIRST_VALUE: Readonly<Record<string, string>> = {
  country: 'country',
  browser: 'browser',
  utm_source: 'utm_source',
  referrer: 'domainWithoutWWW(referrer)',
};

function firstValueOf(context: RawContext): string {
  const expression = FIRST_VALUE[context.arg ?? ''];
  if (!expression) throw new Error(`no raw first-value expression for ${String(context.arg)}`);
  return `argMin(${expression}, timestamp)`;
}

/** Pages: the sessions that viewed each, its pageviews, and those sessions' bounces and durations. */
const metricPages: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  const inner = `SELECT value, count() AS count, sum(countEqual(pages, value)) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) AS duration_ms
    FROM (${perSession(where.sql, "groupArrayIf(pathname, type = 'pageview') AS pages, ")})
    ARRAY JOIN arrayDistinct(pages) AS value GROUP BY value`;
  return [await run(ranked(inner), where.params)];
};

const pageTitles: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  const inner = `SELECT page_title AS value, pathname, uniqExact(session_id) AS count, count() AS pageviews
    FROM events WHERE ${where.sql} AND type = 'pageview' GROUP BY value, pathname`;
  return [await run(ranked(inner, 'count DESC, pageviews DESC, value ASC, pathname ASC'), where.params)];
};

const liveUserCount: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  const since = new Date(context.now.getTime() - 5 * 60_000).toISOString().slice(0, 23).replace('T', ' ');
  return [
    await run(`SELECT uniqExact(session_id) AS count FROM events WHERE ${where.sql} AND timestamp >= {live_from:DateTime64(3, 'UTC')}`, {
      ...where.params,
      live_from: since,
    }),
  ];
};

/** The first three pages of each session, consecutive repeats collapsed. */
const journeys: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT path, count() AS count, sum(count()) OVER () AS total
       FROM (
         SELECT arraySlice(arrayCompact(arrayMap(x -> x.2, arraySort(groupArray((timestamp, pathname))))), 1, 3) AS path
         FROM events WHERE ${where.sql} AND type = 'pageview' GROUP BY session_id
       )
       WHERE length(path) = 3 GROUP BY path ORDER BY count DESC, path ASC LIMIT 10`,
      where.params,
    ),
  ];
};

/** Weekly cohorts (UTC Mondays): users by first active week, and the weeks they were active in. */
const retention: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT toString(cohort) AS cohort_day, intDiv(dateDiff('day', cohort, week), 7) AS period, count() AS users
       FROM (SELECT groupUniqArray(toMonday(timestamp)) AS weeks, arrayMin(weeks) AS cohort FROM events WHERE ${where.sql} GROUP BY ${PERSON})
       ARRAY JOIN weeks AS week GROUP BY cohort, period ORDER BY cohort, period`,
      where.params,
    ),
  ];
};

export const TRAFFIC_QUERIES: Readonly<Record<string, RawQuery>> = {
  overview,
  'overview-time-series': overviewTimeSeries,
  'metric-first-value': sessionValueBreakdown(firstValueOf),
  'metric-channel': sessionValueBreakdown(() => SESSION_CHANNEL),
  'metric-entry-page': sessionValueBreakdown(() => "argMinIf(pathname, timestamp, type = 'pageview')"),
  'metric-pages': metricPages,
  'page-titles': pageTitles,
  'live-user-count': liveUserCount,
  journeys,
  retention,
};
