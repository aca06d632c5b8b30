// The metadata of recorded sessions as Rybbit's replay routes answer it (snake_case fields), the
// SQL that reads it from session_replay_metadata and session_replay_batches, and the session facts joined to it.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';

/** One recording's metadata row as read (times 'YYYY-MM-DD HH:MM:SS.mmm' UTC, as Rybbit's store answers). */
export interface ReplayMetadataRow {
  readonly session_id: string;
  readonly user_id: string;
  readonly identified_user_id: string;
  readonly start_time: string;
  readonly end_time: string;
  readonly duration_ms: number;
  readonly page_url: string;
  readonly event_count: number;
  readonly compressed_size_bytes: number;
  readonly user_agent: string;
  readonly language: string;
  readonly country: string;
  readonly region: string;
  readonly city: string;
  readonly lat: number;
  readonly lon: number;
  readonly browser: string;
  readonly browser_version: string;
  readonly operating_system: string;
  readonly operating_system_version: string;
  readonly device_type: string;
  readonly screen_width: number;
  readonly screen_height: number;
  readonly hostname: string;
  readonly referrer: string;
}

/** session_replay_metadata merged per session (its rows merge in the background; reads group them). */
export const REPLAY_METADATA_AGGREGATES_SQL = `SELECT session_id AS sid, any(user_id) AS visitor, max(identified_user_id) AS identified,
  min(start_time) AS started, max(end_time) AS ended, min(first_page) AS first_page, any(user_agent) AS agent,
  any(language) AS lang, any(country) AS country_code, any(region) AS region_code, any(city) AS city_name, any(lat) AS latitude, any(lon) AS longitude,
  any(browser) AS browser_name, any(browser_version) AS browser_ver, any(operating_system) AS os_name,
  any(operating_system_version) AS os_ver, any(device_type) AS device, max(screen_width) AS width, max(screen_height) AS height,
  any(hostname) AS host, any(referrer) AS referring_url`;

/** The answer's columns over the aggregates above (`m`) joined with the batch totals (`b`). */
export const REPLAY_METADATA_COLUMNS_SQL = `toString(sid) AS session_id, visitor AS user_id, identified AS identified_user_id,
  toString(started) AS start_time, toString(ended) AS end_time, toUInt32(greatest(dateDiff('millisecond', started, ended), 0)) AS duration_ms,
  substring(first_page, 24) AS page_url, toUInt32(event_total) AS event_count, toUInt32(byte_total) AS compressed_size_bytes,
  agent AS user_agent, lang AS language, country_code AS country, region_code AS region, city_name AS city, latitude AS lat, longitude AS lon,
  browser_name AS browser, browser_ver AS browser_version, os_name AS operating_system, os_ver AS operating_system_version,
  device AS device_type, width AS screen_width, height AS screen_height, host AS hostname, referring_url AS referrer`;

/**
 * Events and bytes per recorded session, each batch counted once (a batch the browser sent twice is two rows
 * until merged); only sessions with a full snapshot, without which nothing can be played. `only` narrows the sessions.
 */
export function batchTotalsSql(only: string): string {
  return `SELECT session_id AS bid, sum(batch_events) AS event_total, sum(batch_bytes) AS byte_total
    FROM (
      SELECT session_id, batch_id, any(event_count) AS batch_events, any(raw_bytes) AS batch_bytes, any(full_snapshots) AS batch_snapshots
      FROM session_replay_batches WHERE site_id = {siteId:UInt32} ${only}
      GROUP BY session_id, batch_id
    )
    GROUP BY session_id
    HAVING sum(batch_snapshots) > 0`;
}

export interface SessionSource {
  readonly entry_page: string;
  readonly channel: string;
}

/** Entry page and channel of each session from `sessions` ('<time><value>' texts, the time is 23 characters). */
export async function sessionSourcesOf(store: AnalyticsStore, siteId: number, sessionIds: readonly string[]): Promise<Map<string, SessionSource>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await store.query<{ id: string; entry: string; channel: string }>(
    `SELECT toString(session_id) AS id, min(entry_page) AS entry, min(first_channel) AS channel
     FROM sessions
     WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({ids:Array(String)})))
     GROUP BY session_id`,
    { siteId, ids: sessionIds },
  );
  return new Map(rows.map((row) => [row.id, { entry_page: row.entry === '~' ? '' : row.entry.slice(23), channel: row.channel.slice(23) }]));
}
