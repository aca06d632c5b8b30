// Timestamps of imported rows: the few spellings exports use, read without a backtracking pattern.
/** `YYYY-MM-DD HH:MM:SS`, optional `.fraction`, optional `T` instead of the space, optional `Z` or `±HH:MM`. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** The Unix epoch: the store's dates start there, and so do imports (the allowed date range's start). */
const EARLIEST_MS = 0;

/**
 * Epoch milliseconds of a timestamp (UTC unless it carries an offset), or undefined when it is not one of
 * the accepted spellings, not a real instant (2026-02-30), or before 1970.
 */
export function parseImportTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms);
  const check = new Date(utc);
  if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== Number(month) - 1 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return undefined;
  }
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone === 'Z' ? '0000' : zone.slice(1).replace(':', '');
  const instant = utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return instant < EARLIEST_MS ? undefined : instant;
}

/** A calendar date `YYYY-MM-DD` that exists, from 1970 on, else undefined. */
export function parseImportDate(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  return parseImportTimestamp(`${text} 00:00:00`) === undefined ? undefined : text;
}

/** ClickHouse DateTime64(3) text in UTC. */
export function storeTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
}

export const TIMESTAMP_MESSAGE = "Expected a time from 1970 on as 'YYYY-MM-DD HH:MM:SS' (UTC, optional fraction and offset) or ISO 8601";
