// A `bot_events` row as inserted (columns left at their defaults are omitted) and the timestamp text it uses.

export type BotEventRow = {
  site_id: number;
  timestamp: string;
  event_id: string;
  type: string;
  hostname: string;
  pathname: string;
  user_agent: string;
  browser?: string;
  operating_system?: string;
  device_type: string;
  country: string;
  asn: number;
  bot_name?: string;
  bot_category: string;
  ai_operator?: string;
  ai_purpose?: string;
  ua_pattern?: number;
  header_heuristics?: number;
  client_signals?: number;
  bot_asn?: number;
  rate_anomaly?: number;
};

const DAY_MS = 86_400_000;
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
let cachedDay = Number.NaN;
let cachedDayPrefix = '';

/**
 * `YYYY-MM-DD hh:mm:ss.mmm` in UTC, the DateTime64(3) text ClickHouse reads by default.
 * Rows come in time order, so the date part is cached; this runs once per row.
 */
export function formatTimestamp(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 10) + ' ';
  }
  const inDay = ms - day * DAY_MS;
  const seconds = Math.floor(inDay / 1000);
  return (
    cachedDayPrefix +
    TWO_DIGITS[Math.floor(seconds / 3600)] +
    ':' +
    TWO_DIGITS[Math.floor(seconds / 60) % 60] +
    ':' +
    TWO_DIGITS[seconds % 60] +
    '.' +
    THREE_DIGITS[inDay % 1000]
  );
}
