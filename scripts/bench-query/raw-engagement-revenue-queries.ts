// Hand-written raw SQL of the engagement and revenue reports: page visits from engagement events, revenue from
// custom events that carry it.
import { eventWhere, type RawQuery } from './raw-scope.js';

const engagement: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT count() AS visits, avg(ms) / 1000 AS seconds, avg(depth) AS depth FROM (
         SELECT session_id, pathname, sum(engaged_ms) AS ms, max(scroll_depth) AS depth
         FROM events WHERE ${where.sql} AND type = 'engagement' GROUP BY session_id, pathname
       )`,
      where.params,
    ),
    await run(`SELECT uniqExact(session_id) AS sessions, sumIf(engaged_ms, type = 'engagement') AS ms FROM events WHERE ${where.sql}`, where.params),
  ];
};

const engagementPages: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT pathname AS value, count() AS visits, avg(ms) / 1000 AS seconds, avg(depth) AS depth FROM (
         SELECT session_id, pathname, sum(engaged_ms) AS ms, max(scroll_depth) AS depth
         FROM events WHERE ${where.sql} AND type = 'engagement' GROUP BY session_id, pathname
       ) GROUP BY value ORDER BY visits DESC, value LIMIT 100`,
      where.params,
    ),
  ];
};

const revenue: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT revenue_currency AS currency, toString(sum(revenue_amount)) AS amount, count() AS events, uniqExact(session_id) AS sessions
       FROM events WHERE ${where.sql} AND type = 'custom_event' AND revenue_currency != '' GROUP BY currency ORDER BY currency`,
      where.params,
    ),
  ];
};

/** Revenue by the session's first channel (its first informative one, as the sessions table keeps it). */
const revenueByChannel: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT s.channel AS value, revenue_currency AS currency, toString(sum(revenue_amount)) AS amount, count() AS events
       FROM events AS e
       LEFT JOIN (
         SELECT session_id, argMin(channel, (channel IN ('Direct', 'Internal'), timestamp)) AS channel FROM events
         WHERE site_id = {site:UInt32} AND session_id IN (SELECT session_id FROM events WHERE ${where.sql} AND revenue_currency != '')
         GROUP BY session_id
       ) AS s ON s.session_id = e.session_id
       WHERE ${where.sql} AND e.type = 'custom_event' AND e.revenue_currency != ''
       GROUP BY value, currency ORDER BY value, currency`,
      where.params,
    ),
  ];
};

export const ENGAGEMENT_REVENUE_QUERIES: Readonly<Record<string, RawQuery>> = {
  engagement,
  'engagement-pages': engagementPages,
  revenue,
  'revenue-by-channel': revenueByChannel,
};
