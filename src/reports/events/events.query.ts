// The events list, newest first: a page strictly before an instant (scrolling back), or every event strictly after one (a live feed).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { toClickHouseDateTime } from '../../stats/time-range.js';
import { allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { parseProps } from '../event-props.js';
import { utcMillisSql } from '../response-time.js';
import { readTimestamp } from '../timestamp-param.js';
import type { EventListItem, EventPage } from './events.schema.js';

/** How many events one live-feed poll returns at most, newest first. */
export const LIVE_FEED_LIMIT = 500;

interface EventRaw {
  e_timestamp: string;
  e_type: string;
  e_event_name: string;
  e_pathname: string;
  e_hostname: string;
  e_page_title: string;
  e_props: string;
  e_session_id: string;
  e_user_id: string;
  e_identified_user_id: string;
  e_country: string;
  e_browser: string;
  e_device_type: string;
  e_querystring: string;
  e_referrer: string;
  e_browser_version: string;
  e_operating_system: string;
  e_operating_system_version: string;
  e_language: string;
  e_region: string;
  e_city: string;
  e_lat: number | string;
  e_lon: number | string;
  e_screen_width: number | string;
  e_screen_height: number | string;
}

const FIELDS_SQL = `${utcMillisSql('timestamp')} AS e_timestamp,
  type AS e_type, event_name AS e_event_name, pathname AS e_pathname, hostname AS e_hostname, page_title AS e_page_title,
  props AS e_props, toString(session_id) AS e_session_id, user_id AS e_user_id, identified_user_id AS e_identified_user_id,
  country AS e_country, browser AS e_browser, device_type AS e_device_type,
  querystring AS e_querystring, referrer AS e_referrer, browser_version AS e_browser_version, operating_system AS e_operating_system,
  operating_system_version AS e_operating_system_version, language AS e_language, region AS e_region, city AS e_city,
  lat AS e_lat, lon AS e_lon, screen_width AS e_screen_width, screen_height AS e_screen_height`;

/** The listed events: those matching the query, web-vitals samples left out, optionally bounded by an instant. */
function listedWhere(query: StatsQuery, bound?: { op: '<' | '>'; at: Date }): SqlFragment {
  const base = baseWhere(query);
  // Vitals samples and engagement measurements are figures about a pageview, not events a person did.
  const listed = { sql: `${base.sql} AND type NOT IN ('performance', 'engagement')`, params: base.params };
  if (!bound) return listed;
  return allOf([listed, { sql: `timestamp ${bound.op} {list_bound:DateTime64(3, 'UTC')}`, params: { list_bound: toClickHouseDateTime(bound.at) } }]);
}

/**
 * `pageSize` events strictly before `before` (or the newest), newest first. A page never splits an
 * instant: the events sharing the oldest one's millisecond all come with it, so the next page, strictly
 * before that instant, misses none and repeats none. The page's oldest instant comes first from the newest
 * `pageSize` times (read backwards in the store's order, stopping after them), then every event from that
 * instant on: what LIMIT ... WITH TIES returns, which the engine answers by reading the whole range instead.
 */
export async function eventsBefore(store: AnalyticsStore, query: StatsQuery, pageSize: number, before: Date | undefined): Promise<EventPage> {
  const where = listedWhere(query, before ? { op: '<', at: before } : undefined);
  const oldestListed = `(SELECT min(timestamp) FROM (SELECT timestamp FROM events WHERE ${where.sql} ORDER BY timestamp DESC LIMIT {page_size:UInt32}))`;
  const rows = await store.query<EventRaw>(
    `SELECT * FROM (
       SELECT ${FIELDS_SQL}, event_id AS e_id FROM events WHERE ${where.sql} AND timestamp >= ${oldestListed}
     ) ORDER BY e_timestamp DESC, e_id DESC`,
    { ...where.params, page_size: pageSize },
  );
  const oldest = rows.at(-1);
  if (!oldest) return { data: [], cursor: { hasMore: false, oldestTimestamp: null } };
  const older = listedWhere(query, { op: '<', at: instantOf(oldest.e_timestamp) });
  const [next] = await store.query<{ one: number }>(`SELECT 1 AS one FROM events WHERE ${older.sql} LIMIT 1`, older.params);
  return { data: rows.map(toEventItem), cursor: { hasMore: next !== undefined, oldestTimestamp: oldest.e_timestamp } };
}

/** Every event strictly after `since`, newest first, at most LIVE_FEED_LIMIT (the newest ones). */
export async function eventsSince(store: AnalyticsStore, query: StatsQuery, since: Date): Promise<{ data: EventListItem[] }> {
  const where = listedWhere(query, { op: '>', at: since });
  const rows = await store.query<EventRaw>(
    `SELECT ${FIELDS_SQL} FROM events WHERE ${where.sql} ORDER BY timestamp DESC, event_id DESC LIMIT {live_limit:UInt32}`,
    { ...where.params, live_limit: LIVE_FEED_LIMIT },
  );
  return { data: rows.map(toEventItem) };
}

/** The instant of a timestamp this module rendered (utcMillisSql). */
function instantOf(timestamp: string): Date {
  const instant = readTimestamp(timestamp);
  if (instant === undefined) throw new Error(`The store returned an unreadable timestamp: ${timestamp}`);
  return instant;
}

function toEventItem(raw: EventRaw): EventListItem {
  return {
    timestamp: raw.e_timestamp,
    type: raw.e_type,
    event_name: raw.e_event_name,
    pathname: raw.e_pathname,
    hostname: raw.e_hostname,
    page_title: raw.e_page_title,
    props: parseProps(raw.e_props),
    properties: raw.e_props === '' ? '{}' : raw.e_props,
    session_id: raw.e_session_id,
    user_id: raw.e_user_id,
    identified_user_id: raw.e_identified_user_id,
    country: raw.e_country,
    browser: raw.e_browser,
    device_type: raw.e_device_type,
    querystring: raw.e_querystring,
    referrer: raw.e_referrer,
    browser_version: raw.e_browser_version,
    operating_system: raw.e_operating_system,
    operating_system_version: raw.e_operating_system_version,
    language: raw.e_language,
    region: raw.e_region,
    city: raw.e_city,
    lat: Number(raw.e_lat),
    lon: Number(raw.e_lon),
    screen_width: Number(raw.e_screen_width),
    screen_height: Number(raw.e_screen_height),
  };
}
