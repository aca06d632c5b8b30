// The events list, newest first, paged by a cursor on (timestamp, event id).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { parseProps } from '../event-props.js';
import { isoTimeSql } from '../iso-time-sql.js';
import { decodeCursor, encodeCursor } from './event-cursor.js';

export interface EventListItem {
  timestamp: string;
  type: string;
  event_name: string;
  pathname: string;
  hostname: string;
  page_title: string;
  props: unknown;
  session_id: string;
  user_id: string;
  identified_user_id: string;
  country: string;
  browser: string;
  device_type: string;
}

export interface EventList {
  data: EventListItem[];
  /** Pass it back as `cursor` for the next page; null on the last page. */
  cursor: string | null;
}

interface EventRaw {
  e_at: string;
  e_id: string;
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
}

const FIELDS_SQL = `toString(timestamp) AS e_at, toString(event_id) AS e_id, ${isoTimeSql('timestamp')} AS e_timestamp,
  type AS e_type, event_name AS e_event_name, pathname AS e_pathname, hostname AS e_hostname, page_title AS e_page_title,
  props AS e_props, toString(session_id) AS e_session_id, user_id AS e_user_id, identified_user_id AS e_identified_user_id,
  country AS e_country, browser AS e_browser, device_type AS e_device_type`;

/** Strictly after the cursor's event in (timestamp DESC, event_id DESC) order; the first bound lets the primary key prune. */
const AFTER_CURSOR = `timestamp <= {cursor_at:DateTime64(3, 'UTC')}
  AND (timestamp < {cursor_at:DateTime64(3, 'UTC')} OR event_id < {cursor_id:UUID})`;

/**
 * Events matching the filters (web-vitals samples left out), newest first; one row more than a page tells
 * whether another follows. The timestamp of that extra row is found first, reading the table backwards
 * along its sort key, so the exact (timestamp, event id) sort only touches the page's few granules.
 */
export async function listEvents(store: AnalyticsStore, query: StatsQuery, pageSize: number, cursor: string | undefined): Promise<EventList> {
  const base = baseWhere(query);
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const where = {
    sql: `${base.sql} AND type != 'performance'${after ? ` AND ${AFTER_CURSOR}` : ''}`,
    params: { ...base.params, ...(after ? { cursor_at: after.at, cursor_id: after.eventId } : {}) },
  };
  const [boundary] = await store.query<{ at: string }>(
    `SELECT toString(timestamp) AS at FROM events WHERE ${where.sql} ORDER BY timestamp DESC LIMIT 1 OFFSET {page_size:UInt32}`,
    { ...where.params, page_size: pageSize },
  );
  const rows = await store.query<EventRaw>(
    `SELECT ${FIELDS_SQL} FROM events
     WHERE ${where.sql}${boundary ? " AND timestamp >= {page_boundary:DateTime64(3, 'UTC')}" : ''}
     ORDER BY timestamp DESC, event_id DESC
     LIMIT {page_rows:UInt32}`,
    { ...where.params, page_rows: pageSize + 1, ...(boundary ? { page_boundary: boundary.at } : {}) },
  );
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    data: page.map(toEventItem),
    cursor: rows.length > pageSize && last ? encodeCursor({ at: last.e_at, eventId: last.e_id }) : null,
  };
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
    session_id: raw.e_session_id,
    user_id: raw.e_user_id,
    identified_user_id: raw.e_identified_user_id,
    country: raw.e_country,
    browser: raw.e_browser,
    device_type: raw.e_device_type,
  };
}
