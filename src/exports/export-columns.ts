// The columns a raw export writes for each table, in the order docs/exports.md lists them.

/** The stored columns of `events` (the computed `user_key_hash` is left out: the store recomputes it on insert). */
export const EVENT_COLUMNS = [
  'site_id', 'timestamp', 'event_id', 'session_id', 'session_start', 'user_id', 'identified_user_id', 'type', 'event_name',
  'props', 'hostname', 'pathname', 'querystring', 'url_parameters', 'page_title', 'referrer', 'channel', 'utm_source',
  'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'browser', 'browser_version', 'operating_system',
  'operating_system_version', 'device_type', 'language', 'country', 'region', 'city', 'lat', 'lon', 'timezone', 'screen_width',
  'screen_height', 'lcp', 'cls', 'inp', 'fcp', 'ttfb', 'ip', 'tag', 'feature_flags', 'attributes_changed', 'import_id',
  'revenue_amount', 'revenue_currency', 'engaged_ms', 'scroll_depth',
] as const;

/** The stored columns of `bot_events`. */
export const BOT_EVENT_COLUMNS = [
  'site_id', 'timestamp', 'event_id', 'type', 'event_name', 'hostname', 'pathname', 'referrer', 'user_agent', 'browser',
  'operating_system', 'device_type', 'country', 'asn', 'bot_name', 'bot_category', 'ai_operator', 'ai_purpose', 'ua_pattern',
  'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly',
] as const;

export type ExportTable = 'events' | 'bot_events';

export const COLUMNS_OF: Readonly<Record<ExportTable, readonly string[]>> = { events: EVENT_COLUMNS, bot_events: BOT_EVENT_COLUMNS };

/** The CSV header: `table`, the events columns, then (with bots) the columns only bot events have. */
export function csvColumns(withBots: boolean): string[] {
  const eventColumns: readonly string[] = EVENT_COLUMNS;
  const botOnly = withBots ? BOT_EVENT_COLUMNS.filter((column) => !eventColumns.includes(column)) : [];
  return ['table', ...EVENT_COLUMNS, ...botOnly];
}
