// The limits of the tracking payload's fields, shared by the schema (track.schema.ts) and the quick check
// (common-payload.ts), so the two cannot drift apart.

/** Longest text per field, in UTF-16 code units (string length). */
export const TEXT_MAX = {
  site_id: 64,
  hostname: 253,
  pathname: 2048,
  querystring: 2048,
  referrer: 2048,
  page_title: 512,
  language: 35,
  event_name: 256,
  user_id: 255,
  anonymous_id: 255,
  tag: 256,
  user_agent: 1024,
} as const;

/** `properties` may be this long on error events (stack traces)... */
export const ERROR_PROPERTIES_MAX = 4096;
/** ...and this long on every other type. */
export const PROPERTIES_MAX = 2048;

/** `feature_flags` as JSON text (its stored map) may be this long, like `properties`. */
export const FEATURE_FLAGS_MAX = 2048;

/** The screen columns are UInt16: larger values would be stored wrapped around. */
export const SCREEN_MAX = 65_535;

/** An engagement event's engaged time may be this long (ms): a day; the column is UInt32. */
export const ENGAGED_MS_MAX = 86_400_000;
