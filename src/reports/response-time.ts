// The one place an analytics instant becomes response text: Rybbit's `YYYY-MM-DD HH:MM:SS` in UTC (clients parse it as SQL time).

/**
 * `2026-03-20 11:59:58` from a DateTime64(3, 'UTC') expression (a column or an aggregate chosen by code), cut
 * to the second: session and user bounds (session_start, session_end, first_seen, last_seen), last clicks.
 */
export function utcSecondsSql(expression: string): string {
  return `formatDateTime(${expression}, '%Y-%m-%d %H:%i:%S', 'UTC')`;
}

/**
 * `2026-03-20 11:59:58.227`: one event's own `timestamp` (events list, session events, error occurrences), with
 * milliseconds as the source document shows an event's timestamp, so a client paging by it loses no event.
 */
export function utcMillisSql(expression: string): string {
  return `toString(toDateTime64(${expression}, 3, 'UTC'))`;
}

export const SECONDS_FORM = '`YYYY-MM-DD HH:MM:SS` in UTC';
export const MILLIS_FORM = '`YYYY-MM-DD HH:MM:SS.mmm` in UTC';

/** Report path (after /api/sites/:site) -> the timestamp fields of its response and their form, for the OpenAPI description. */
const RESPONSE_TIME_FIELDS: Readonly<Record<string, string>> = {
  '/events': `\`timestamp\` and \`cursor.oldestTimestamp\`: ${MILLIS_FORM}`,
  '/events/outbound': `\`lastClicked\`: ${SECONDS_FORM}`,
  '/events/autocapture': `\`lastOccurred\`: ${SECONDS_FORM}`,
  '/sessions': `\`session_start\`, \`session_end\`: ${SECONDS_FORM}`,
  '/sessions/:sessionId': `\`session.session_start\`, \`session.session_end\`: ${SECONDS_FORM}; \`events[].timestamp\`: ${MILLIS_FORM}`,
  '/users': `\`first_seen\`, \`last_seen\`: ${SECONDS_FORM}`,
  '/users/:userId': `\`first_seen\`, \`last_seen\` and the sessions' \`session_start\`, \`session_end\`: ${SECONDS_FORM}`,
  '/errors/events': `\`timestamp\`: ${MILLIS_FORM}`,
  '/errors/time-series': '`time`: the bucket start as ISO 8601 UTC (`2026-03-20T11:00:00.000Z`), as the source document says',
};

/** The OpenAPI description line naming the form of a report's response timestamps, or undefined when it has none. */
export function responseTimeDescription(path: string): string | undefined {
  const fields = RESPONSE_TIME_FIELDS[path];
  return fields === undefined ? undefined : `Timestamps: ${fields}. Timestamp parameters accept both this form and ISO 8601.`;
}
