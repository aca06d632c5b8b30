// One accepted tracking call as the intake spool keeps it: what passed the request-time checks, before
// enrichment. Written at acknowledgement, turned into an events or bot_events row when its segment is enriched.
import type { TrackPayload } from './track.schema.js';

/** The request headers the header_heuristics bot layer reads (lower-case names), kept only when bots are detected. */
export type BotHeaders = Readonly<Record<string, string>>;

export type IntakeRecord = {
  readonly site_id: number;
  /** Milliseconds since the epoch at acknowledgement: the event's timestamp and its session clock. */
  readonly at: number;
  readonly event_id: string;
  /** The anonymous visitor id (salted when the site asks), decided at acknowledgement. */
  readonly user_id: string;
  /** Key-less call to a site that blocks bots: run the bot layers. */
  readonly detect_bots: boolean;
  readonly ip: string;
  readonly user_agent: string;
  readonly headers: BotHeaders;
  readonly payload: TrackPayload;
};

export type IntakeFields = Omit<IntakeRecord, 'payload'>;

/**
 * One spool line. The validated payload equals the request body but for `type`, which the schema defaults
 * to pageview (nothing else is transformed), so a body that fits on one line is spliced in as sent instead of
 * being serialized again; parseIntakeLine restores the default.
 */
export function intakeLine(fields: IntakeFields, payload: TrackPayload, body: string | undefined): string {
  const head = JSON.stringify(fields);
  const payloadJson = body !== undefined && !body.includes('\n') ? body : JSON.stringify(payload);
  return `${head.slice(0, -1)},"payload":${payloadJson}}`;
}

const BOT_HEADER_NAMES = ['accept', 'accept-language', 'accept-encoding', 'sec-ch-ua'] as const;
const FETCH_METADATA_PREFIX = 'sec-fetch-';

/** The few headers the bot layers need, instead of the whole request's. */
export function botHeadersOf(headers: Readonly<Record<string, string | string[] | undefined>>): BotHeaders {
  const picked: Record<string, string> = {};
  for (const name of BOT_HEADER_NAMES) {
    const value = headers[name];
    if (value !== undefined) picked[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  for (const name in headers) {
    if (!name.startsWith(FETCH_METADATA_PREFIX)) continue;
    const value = headers[name];
    if (value !== undefined) picked[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return picked;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A spooled line back as a record, or null when it is not one (the spool only holds lines this process
 * wrote, so null means a damaged file; the caller skips the line instead of blocking the whole segment).
 */
export function parseIntakeLine(line: string): IntakeRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.payload) || !isObject(value.headers)) return null;
  const { site_id: siteId, at, event_id: eventId, user_id: userId, detect_bots: detectBots, ip, user_agent: userAgent } = value;
  if (typeof siteId !== 'number' || typeof at !== 'number' || typeof eventId !== 'string' || typeof userId !== 'string') return null;
  if (typeof detectBots !== 'boolean' || typeof ip !== 'string' || typeof userAgent !== 'string') return null;
  if (value.payload.type === undefined) value.payload.type = 'pageview';
  return value as IntakeRecord;
}
