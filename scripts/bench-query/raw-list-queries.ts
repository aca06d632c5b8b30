// Hand-written raw SQL of the list reports: sessions, users, events (and their breakdowns), errors.
import { eventWhere, matchingSessions, PERSON, scope, SESSION_CHANNEL, type RawQuery, type Row, type RunSql } from './raw-scope.js';

/** A session's fields in one GROUP BY session_id; the first event's columns are read as one tuple. */
const SESSION_FIELDS = `toString(session_id) AS s_id,
  argMin((user_id, country, region, city, language, device_type, browser, browser_version, operating_system,
          operating_system_version, screen_width, screen_height, referrer, hostname), timestamp) AS s_first_event,
  max(identified_user_id) AS s_identified, ${SESSION_CHANNEL} AS s_channel,
  min(timestamp) AS s_start, max(timestamp) AS s_end,
  argMinIf(pathname, timestamp, type = 'pageview') AS s_entry, argMaxIf(pathname, timestamp, type = 'pageview') AS s_exit,
  countIf(type = 'pageview') AS s_pageviews, countIf(type = 'custom_event') AS s_events, countIf(type = 'error') AS s_errors`;

/** A person's fields in one GROUP BY person; the latest event's columns are read as one tuple. */
const USER_FIELDS = `${PERSON} AS person, any(identified_user_id) AS u_identified, min(timestamp) AS u_first, max(timestamp) AS u_last,
  uniqExact(session_id) AS u_sessions, countIf(type = 'pageview') AS u_pageviews, countIf(type = 'custom_event') AS u_events,
  argMax((country, device_type, browser, operating_system), timestamp) AS u_latest`;

const MESSAGE = "JSONExtractString(props, 'message')";

/** Newest-starting 100 sessions with an event matching the filter; their fields over all their events in range. */
const sessions: RawQuery = async (run, context) => {
  const range = scope(context);
  const matching = context.filter ? matchingSessions(context) : undefined;
  const selected = matching ? ` AND session_id IN (${matching.sql})` : '';
  return [
    await run(
      `SELECT ${SESSION_FIELDS} FROM events
       WHERE ${range.sql} AND session_id IN (
         SELECT session_id FROM events WHERE ${range.sql}${selected}
         GROUP BY session_id ORDER BY min(timestamp) DESC, session_id DESC LIMIT 100)
       GROUP BY session_id ORDER BY s_start DESC, session_id DESC`,
      { ...range.params, ...(matching?.params ?? {}) },
    ),
  ];
};

const sessionDetail: RawQuery = async (run, context) => {
  const range = scope(context);
  const one = `session_id = {sid:UInt64}`;
  const matching = context.filter ? matchingSessions(context, one) : undefined;
  const params = { ...range.params, ...(matching?.params ?? {}), sid: context.probes.sessionId };
  const fields = await run(
    `SELECT ${SESSION_FIELDS}, count() AS s_total FROM events
     WHERE ${range.sql} AND ${one}${matching ? ` AND session_id IN (${matching.sql})` : ''} GROUP BY session_id`,
    params,
  );
  const events = await run(
    `SELECT toString(timestamp) AS at, type, pathname, hostname, page_title, event_name, props, referrer
     FROM events WHERE ${range.sql} AND ${one} ORDER BY timestamp, event_id LIMIT 100`,
    params,
  );
  return [fields, events];
};

/** The latest identify traits of the identified users among `rows` (column u_identified). */
async function traitsOf(run: RunSql, siteId: number, rows: readonly Row[]): Promise<Row[]> {
  const ids = rows.map((row) => String(row.u_identified ?? '')).filter((id) => id !== '');
  if (ids.length === 0) return [];
  return run(
    `SELECT identified_user_id, argMax(traits, timestamp) AS traits FROM user_identities
     WHERE site_id = {site:UInt32} AND identified_user_id IN {ids:Array(String)} GROUP BY identified_user_id`,
    { site: siteId, ids },
  );
}

/** The 100 most recently seen people with an event matching the filter, with the number of such people. */
const users: RawQuery = async (run, context) => {
  const range = scope(context);
  const where = eventWhere(context);
  const selected = context.filter ? ` AND ${PERSON} IN (SELECT ${PERSON} FROM events WHERE ${where.sql})` : '';
  const rows = await run(
    `SELECT ${USER_FIELDS}, count() OVER () AS total FROM events WHERE ${range.sql}${selected}
     GROUP BY person ORDER BY u_last DESC, cityHash64(person) DESC LIMIT 100`,
    { ...range.params, ...where.params },
  );
  return [rows, await traitsOf(run, context.siteId, rows)];
};

const userDetail: RawQuery = async (run, context) => {
  const range = scope(context);
  const where = eventWhere(context);
  const person = `${PERSON} = {uid:String}`;
  const params = { ...range.params, ...where.params, uid: context.probes.userId };
  const selected = context.filter ? ` AND ${PERSON} IN (SELECT ${PERSON} FROM events WHERE ${where.sql} AND ${person})` : '';
  const user = await run(`SELECT ${USER_FIELDS} FROM events WHERE ${range.sql} AND ${person}${selected} GROUP BY person`, params);
  const sessionRows = await run(
    `SELECT ${SESSION_FIELDS} FROM events
     WHERE ${range.sql} AND session_id IN (SELECT session_id FROM events WHERE ${where.sql} AND ${person})
     GROUP BY session_id ORDER BY s_start DESC, session_id DESC LIMIT 100`,
    params,
  );
  return [user, await traitsOf(run, context.siteId, user), sessionRows];
};

const events: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT toString(timestamp) AS at, toString(event_id) AS id, type, event_name, pathname, hostname, page_title, props,
         toString(session_id) AS sid, user_id, identified_user_id, country, browser, device_type
       FROM events WHERE ${where.sql} AND type NOT IN ('performance', 'engagement') ORDER BY timestamp DESC, event_id DESC LIMIT 101`,
      where.params,
    ),
  ];
};

/** `SELECT <select> FROM events WHERE <filter> AND <condition> <tail>`, one statement. */
function grouped(select: string, condition: string, tail: string, extra: (probes: Parameters<RawQuery>[1]) => Record<string, unknown> = () => ({})): RawQuery {
  return async (run, context) => {
    const where = eventWhere(context);
    return [await run(`SELECT ${select} FROM events WHERE ${where.sql} AND ${condition} ${tail}`, { ...where.params, ...extra(context) })];
  };
}

const eventProperties: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT kv.1 AS prop_key, if(JSONType(kv.2) = 'String', JSONExtractString(kv.2), kv.2) AS prop_value, count() AS occurrences
       FROM events ARRAY JOIN JSONExtractKeysAndValuesRaw(props) AS kv
       WHERE ${where.sql} AND type = 'custom_event' AND event_name = {name:String}
       GROUP BY prop_key, prop_value ORDER BY occurrences DESC, prop_key, prop_value LIMIT 100`,
      { ...where.params, name: context.probes.eventName },
    ),
  ];
};

const message = (context: Parameters<RawQuery>[1]) => ({ message: context.probes.errorMessage });

export const LIST_QUERIES: Readonly<Record<string, RawQuery>> = {
  sessions,
  'session-detail': sessionDetail,
  users,
  'user-detail': userDetail,
  events,
  'event-names': grouped('event_name, count() AS occurrences', "type = 'custom_event'", 'GROUP BY event_name ORDER BY occurrences DESC, event_name LIMIT 100'),
  'event-properties': eventProperties,
  outbound: grouped(
    "JSONExtractString(props, 'url') AS link, count() AS clicks, max(timestamp) AS last_clicked",
    "type = 'outbound'",
    'GROUP BY link ORDER BY clicks DESC, link LIMIT 100',
  ),
  'error-names': grouped(
    `${MESSAGE} AS value, argMax(event_name, timestamp) AS error_name, count() AS occurrences, uniqExact(session_id) AS sessions, sum(count()) OVER () AS total`,
    "type = 'error'",
    'GROUP BY value ORDER BY occurrences DESC, value LIMIT 100',
  ),
  'error-events': grouped(
    'toString(timestamp) AS at, toString(session_id) AS sid, user_id, identified_user_id, pathname, hostname, browser, operating_system, device_type, country, props',
    `type = 'error' AND ${MESSAGE} = {message:String}`,
    'ORDER BY timestamp DESC, event_id ASC LIMIT 100',
    message,
  ),
  'error-time-series': grouped(
    'toString(toStartOfHour(timestamp)) AS hour, count() AS error_count',
    `type = 'error' AND ${MESSAGE} = {message:String}`,
    'GROUP BY hour ORDER BY hour',
    message,
  ),
};
