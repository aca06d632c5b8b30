// An enriched replay batch as rows: one of session_replay_batches (its events, compressed by the store) and
// one of session_replay_metadata (merged per session). Column names are migration 0014's.
import type { AnalyticsRow } from '../../platform/analytics-store/analytics-store.js';
import { clickhouseTime } from '../../platform/analytics-store/row-lines.js';
import type { EnrichContext } from '../enrichment/enrich-context.js';
import { FULL_SNAPSHOT, type RrwebEvent } from './replay-batch.schema.js';
import type { ReplayRecord } from './replay-record.js';

/** Device clocks drift: a batch whose newest event is this far from the server's clock is shifted onto it. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** The batch's events on the server's clock: unchanged unless the device's clock is off by more than a minute. */
export function onServerClock(events: readonly RrwebEvent[], receivedAt: number): readonly RrwebEvent[] {
  let newest = 0;
  for (const event of events) if (event.timestamp > newest) newest = event.timestamp;
  const skew = receivedAt - newest;
  // A batch waits for its interval before it is sent, so events up to a few minutes old are normal.
  if (skew >= -MAX_CLOCK_SKEW_MS && skew <= 10 * MAX_CLOCK_SKEW_MS) return events;
  return events.map((event) => ({ ...event, timestamp: event.timestamp + skew }));
}

function hostnameOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).hostname;
  } catch {
    return '';
  }
}

/**
 * The longest recording a session keeps, counted from the session's start: 12 hours, the longest the recorder's
 * `data-replay-max-minutes` allows. Events after it are not stored (a recorder that ignores its limit, or a
 * tab left open and active for a day, stops filling the store); the batch is still acknowledged, as the
 * recorder cannot act on a refusal of a batch it already sent.
 */
export const MAX_RECORDING_MS = 720 * 60_000;

/** The events inside the session's recording limit (all of them, unless the session began over 12 hours before). */
export function withinRecordingLimit(events: readonly RrwebEvent[], sessionStartedAt: number): readonly RrwebEvent[] {
  const end = sessionStartedAt + MAX_RECORDING_MS;
  return events.every((event) => event.timestamp <= end) ? events : events.filter((event) => event.timestamp <= end);
}

export interface ReplayRows {
  readonly batch: AnalyticsRow;
  readonly metadata: AnalyticsRow;
}

/** The batch's rows, or null when none of its events falls inside the session's recording limit. */
export function buildReplayRows(record: ReplayRecord, context: EnrichContext): ReplayRows | null {
  const { ua, geo, session } = context;
  if (!ua || !geo || !session) throw new Error('parse-user-agent, geolocate and assign-session must run first');
  const events = withinRecordingLimit(onServerClock(record.events, record.at), session.startedAt);
  if (events.length === 0) return null;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  let fullSnapshots = 0;
  for (const event of events) {
    if (event.timestamp < first) first = event.timestamp;
    if (event.timestamp > last) last = event.timestamp;
    if (event.type === FULL_SNAPSHOT) fullSnapshots += 1;
  }
  const text = JSON.stringify(events);
  const batch: AnalyticsRow = {
    site_id: record.site_id,
    session_id: session.id,
    batch_id: record.batch_id,
    sequence: record.sequence,
    first_at: clickhouseTime(first),
    last_at: clickhouseTime(last),
    event_count: events.length,
    full_snapshots: Math.min(fullSnapshots, 65_535),
    raw_bytes: Buffer.byteLength(text),
    events: text,
    retention_days: record.retention_days,
  };
  const metadata: AnalyticsRow = {
    site_id: record.site_id,
    session_id: session.id,
    session_start: clickhouseTime(session.startedAt),
    user_id: record.user_id,
    identified_user_id: record.identified_user_id,
    start_time: clickhouseTime(first),
    end_time: clickhouseTime(last),
    first_page: `${clickhouseTime(first)}${record.page_url}`,
    user_agent: record.user_agent,
    language: record.language,
    country: geo.country,
    region: geo.region,
    city: geo.city,
    lat: geo.lat,
    lon: geo.lon,
    browser: ua.browser,
    browser_version: ua.browser_version,
    operating_system: ua.operating_system,
    operating_system_version: ua.operating_system_version,
    device_type: ua.device_type,
    screen_width: Math.min(record.screen_width, 65_535),
    screen_height: Math.min(record.screen_height, 65_535),
    hostname: hostnameOf(record.page_url),
    referrer: record.referrer,
    retention_days: record.retention_days,
  };
  return { batch, metadata };
}
