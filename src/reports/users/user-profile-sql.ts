// The SQL of one user's profile: figures over their sessions (one scan, grouped by session then over the person), places and devices.
import { findDimension } from '../../stats/dimensions.js';
import { utcSecondsSql } from '../response-time.js';
import { USER_KEY_SQL } from './user-fields.query.js';

/** The catalog's per-session expression of a session dimension (channel, entry_page). */
function sessionExpression(name: string): string {
  const dimension = findDimension(name);
  if (!dimension || dimension.level !== 'session') throw new Error(`${name} is not a session dimension`);
  return dimension.expression.sql;
}

/** Per session (inside `GROUP BY session_id`): what the person-level figures are made of. Aliases are prefixed (see session-fields.ts). */
const PER_SESSION = [
  'min(timestamp) AS s_start',
  'max(timestamp) AS s_end',
  'max(identified_user_id) AS s_identified',
  `any(${USER_KEY_SQL}) AS s_key`,
  "countIf(type = 'pageview') AS s_pageviews",
  "countIf(type = 'custom_event') AS s_events",
  'argMin(referrer, timestamp) AS s_referrer',
  `${sessionExpression('channel')} AS s_channel`,
  `${sessionExpression('entry_page')} AS s_entry`,
  "argMinIf(utm_source, timestamp, utm_source != '') AS s_utm_source",
  "argMinIf(utm_medium, timestamp, utm_medium != '') AS s_utm_medium",
  "argMinIf(utm_campaign, timestamp, utm_campaign != '') AS s_utm_campaign",
  "argMaxIf(timezone, timestamp, timezone != '') AS s_timezone",
  ...['country', 'region', 'city', 'language', 'device_type', 'browser', 'browser_version', 'operating_system', 'operating_system_version', 'screen_width', 'screen_height'].map(
    (column) => `argMax(${column}, timestamp) AS s_${column}`,
  ),
];

/** [output name, kind, aggregate over the person's sessions]. Device and place are the latest session's latest. */
export const PROFILE_FIELDS = [
  ['sessions', 'number', 'count()'],
  ['duration', 'number', "round(avg(dateDiff('second', s_start, s_end)))"],
  ['user_id', 'text', 'argMax(s_key, s_end)'],
  ['identified_user_id', 'text', 'max(s_identified)'],
  ...(['country', 'region', 'city', 'language', 'device_type', 'browser', 'browser_version', 'operating_system', 'operating_system_version'] as const).map(
    (column) => [column, 'text', `argMax(s_${column}, s_end)`] as const,
  ),
  ['device_model', 'text', "''"],
  ['app_version', 'text', "''"],
  ['screen_height', 'number', 'argMax(s_screen_height, s_end)'],
  ['screen_width', 'number', 'argMax(s_screen_width, s_end)'],
  ['first_seen', 'text', utcSecondsSql('min(s_start)')],
  ['last_seen', 'text', utcSecondsSql('max(s_end)')],
  ['pageviews', 'number', 'sum(s_pageviews)'],
  ['events', 'number', 'sum(s_events)'],
  ['first_referrer', 'text', 'argMin(s_referrer, s_start)'],
  ['first_channel', 'text', 'argMin(s_channel, s_start)'],
  ['first_entry_page', 'text', "argMinIf(s_entry, s_start, s_entry != '')"],
  ['first_utm_source', 'text', "argMinIf(s_utm_source, s_start, s_utm_source != '')"],
  ['first_utm_medium', 'text', "argMinIf(s_utm_medium, s_start, s_utm_medium != '')"],
  ['first_utm_campaign', 'text', "argMinIf(s_utm_campaign, s_start, s_utm_campaign != '')"],
  ['last_referrer', 'text', 'argMax(s_referrer, s_end)'],
  ['last_channel', 'text', 'argMax(s_channel, s_end)'],
  ['timezone', 'text', "argMaxIf(s_timezone, s_end, s_timezone != '')"],
] as const;

/** The summary over the events matching `where` (one person's): one scan, grouped by session, then over the sessions. */
export function profileSummarySql(where: string): string {
  return `SELECT ${PROFILE_FIELDS.map(([name, , sql]) => `${sql} AS p_${name}`).join(',\n  ')}
    FROM (SELECT ${PER_SESSION.join(',\n    ')} FROM events WHERE ${where} GROUP BY session_id)`;
}

/** How many places and devices the profile lists (the most sessions first). */
export const PROFILE_BREAKDOWN_LIMIT = 20;

/** Places the person was seen in: sessions per (country, region, city), with the latest sighting. */
export function profileLocationsSql(where: string): string {
  return `SELECT country AS l_country, region AS l_region, city AS l_city, uniqExact(session_id) AS l_sessions,
      ${utcSecondsSql('max(timestamp)')} AS l_last_seen
    FROM events WHERE ${where} AND country != ''
    GROUP BY country, region, city
    ORDER BY l_sessions DESC, max(timestamp) DESC, l_country, l_region, l_city
    LIMIT ${PROFILE_BREAKDOWN_LIMIT}`;
}

/** Devices the person was seen on, grouped without versions; versions and screen are the latest sighting's. */
export function profileDevicesSql(where: string): string {
  return `SELECT device_type AS d_device_type, browser AS d_browser, operating_system AS d_operating_system,
      argMax(browser_version, timestamp) AS d_browser_version, argMax(operating_system_version, timestamp) AS d_operating_system_version,
      argMax(screen_width, timestamp) AS d_screen_width, argMax(screen_height, timestamp) AS d_screen_height,
      uniqExact(session_id) AS d_sessions, ${utcSecondsSql('max(timestamp)')} AS d_last_seen
    FROM events WHERE ${where} AND NOT (device_type = '' AND browser = '' AND operating_system = '')
    GROUP BY device_type, browser, operating_system
    ORDER BY d_sessions DESC, max(timestamp) DESC, d_device_type, d_browser, d_operating_system
    LIMIT ${PROFILE_BREAKDOWN_LIMIT}`;
}
