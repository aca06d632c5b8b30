// Custom event names, one event's property key/value pairs, and outbound link clicks, counted (from action_events, see ../action-events.ts).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { utcSecondsSql } from '../response-time.js';
import { ACTION_EVENTS } from '../action-events.js';

/** Custom event names by occurrences, most frequent first (ties by name). */
export async function eventNames(store: AnalyticsStore, query: StatsQuery, limit: number): Promise<Array<{ eventName: string; count: number }>> {
  const where = baseWhere(query);
  const rows = await store.query<{ name: string; occurrences: string }>(
    `SELECT event_name AS name, count() AS occurrences FROM ${ACTION_EVENTS}
     WHERE ${where.sql} AND type = 'custom_event'
     GROUP BY event_name ORDER BY occurrences DESC, name LIMIT {row_limit:UInt32}`,
    { ...where.params, row_limit: limit },
  );
  return rows.map((row) => ({ eventName: row.name, count: Number(row.occurrences) }));
}

/**
 * Top-level property key/value pairs of one custom event, by occurrences. String values come as they are,
 * other JSON values (numbers, booleans, null, objects) as their JSON text. Only that event's rows have
 * their properties parsed.
 */
export async function eventProperties(
  store: AnalyticsStore,
  query: StatsQuery,
  eventName: string,
  limit: number,
): Promise<Array<{ propertyKey: string; propertyValue: string; count: number }>> {
  const where = baseWhere(query);
  const rows = await store.query<{ prop_key: string; prop_value: string; occurrences: string }>(
    `SELECT prop.1 AS prop_key, if(JSONType(prop.2) = 'String', JSONExtractString(prop.2), prop.2) AS prop_value, count() AS occurrences
     FROM (
       SELECT props FROM ${ACTION_EVENTS}
       WHERE ${where.sql} AND type = 'custom_event' AND event_name = {prop_event:String} AND props != ''
     )
     ARRAY JOIN JSONExtractKeysAndValuesRaw(props) AS prop
     GROUP BY prop_key, prop_value ORDER BY occurrences DESC, prop_key, prop_value LIMIT {row_limit:UInt32}`,
    { ...where.params, prop_event: eventName, row_limit: limit },
  );
  return rows.map((row) => ({ propertyKey: row.prop_key, propertyValue: row.prop_value, count: Number(row.occurrences) }));
}

/** Outbound link clicks per URL, most clicked first, with the last click (ISO 8601 UTC). */
export async function outboundLinks(
  store: AnalyticsStore,
  query: StatsQuery,
  limit: number,
): Promise<Array<{ url: string; count: number; lastClicked: string }>> {
  const where = baseWhere(query);
  const rows = await store.query<{ link: string; clicks: string; last_clicked: string }>(
    `SELECT JSONExtractString(props, 'url') AS link, count() AS clicks, ${utcSecondsSql('max(timestamp)')} AS last_clicked
     FROM ${ACTION_EVENTS}
     WHERE ${where.sql} AND type = 'outbound'
     GROUP BY link ORDER BY clicks DESC, link LIMIT {row_limit:UInt32}`,
    { ...where.params, row_limit: limit },
  );
  return rows.map((row) => ({ url: row.link, count: Number(row.clicks), lastClicked: row.last_clicked }));
}
