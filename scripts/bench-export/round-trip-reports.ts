// The reports an export's round trip compares (the original site against the site its export was imported
// into), and how the copy's answers are read: an imported session's id is derived from the import's id and
// the exported session id (docs/imports.md), so the copy's session ids are translated back before comparing.
import { derivedUInt64 } from '../../src/imports/derived-ids.js';

/** Every /metric dimension the dashboard's breakdown cards read. */
export const DASHBOARD_DIMENSIONS = [
  'pathname', 'entry_page', 'exit_page', 'page_title', 'channel', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign',
  'utm_term', 'utm_content', 'country', 'region', 'city', 'browser', 'browser_version', 'operating_system',
  'operating_system_version', 'device_type', 'dimensions', 'language', 'hostname', 'event_name',
] as const;

/**
 * The reports compared, each a path with its query after `/api/sites/{site}/`: the overview and its series,
 * every dashboard breakdown, page titles, custom events, errors, web vitals, goals, retention, journeys and
 * the users and sessions lists. `range` holds `start_date`, `end_date` and `time_zone`.
 */
export function roundTripReports(range: string): string[] {
  const limit = 'limit=1000';
  return [
    `overview?${range}`,
    `overview/time-series?${range}&bucket=day`,
    `overview/time-series?${range}&bucket=hour`,
    ...DASHBOARD_DIMENSIONS.map((dimension) => `metric?${range}&parameter=${dimension}&${limit}`),
    `page-titles?${range}&${limit}`,
    `events/names?${range}&${limit}`,
    `events/time-series?${range}`,
    `events/outbound?${range}&${limit}`,
    `events/count?${range}`,
    `errors/names?${range}`,
    `performance/overview?${range}`,
    `performance/by-dimension?${range}&dimension=pathname`,
    `goals?${range}`,
    `revenue?${range}`,
    `revenue/breakdown?${range}&parameter=channel`,
    `engagement?${range}`,
    `engagement/pages?${range}&${limit}`,
    `retention?${range}`,
    `journeys?${range}`,
    `users?${range}&${limit}`,
    `sessions?${range}&${limit}`,
    `sessions/locations?${range}`,
  ];
}

/**
 * A function that writes, in the copy's answer, each imported session's id back as the exported one: the
 * ids `derivedUInt64([importId, exported])` of the exported session ids.
 */
export function sessionIdTranslator(importId: string, exportedSessionIds: Iterable<string>): (answer: string) => string {
  const back = new Map<string, string>();
  for (const exported of exportedSessionIds) back.set(derivedUInt64([importId, exported]), exported);
  return (answer) => answer.replace(/\d{1,20}/g, (digits) => back.get(digits) ?? digits);
}

/** The distinct session ids of an NDJSON export's `events` lines (read as they come). */
export async function exportedSessionIds(lines: Iterable<string> | AsyncIterable<string>): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const line of lines) {
    if (!line.startsWith('{"table":"events"')) continue;
    const id = /"session_id":"(\d{1,20})"/.exec(line)?.[1];
    if (id !== undefined) ids.add(id);
  }
  return ids;
}
