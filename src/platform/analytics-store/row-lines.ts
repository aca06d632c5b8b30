// Analytics rows as the store's JSONEachRow input: the DateTime64(3) text of an instant, rows made well-formed
// UTF-16, and compact lines that leave out default values. Shared by ingestion (enrichment, identify, replay)
// and imports.
import type { AnalyticsRow } from './analytics-store.js';

/** The 'YYYY-MM-DD HH:MM:SS' text of the last second formatted: events arrive in bursts within a second. */
let lastSecond = Number.NaN;
let lastSecondText = '';

/** ClickHouse DateTime64(3) text in UTC. */
export function clickhouseTime(ms: number): string {
  const whole = Math.floor(ms);
  const second = Math.floor(whole / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastSecondText = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }
  return `${lastSecondText}.${String(whole - second * 1000).padStart(3, '0')}`;
}

/** True when a string, or any key or value of a map, holds a lone UTF-16 surrogate. */
function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    if (!key.isWellFormed() || holdsLoneSurrogate((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** Lone surrogates (a title cut mid-character, or junk) become U+FFFD: the store refuses them, and one such row would block its whole batch. */
function wellFormedValue(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const map = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) map[key.toWellFormed()] = wellFormedValue(item);
  return map;
}

/**
 * The row with every string, map key and map value well-formed UTF-16, so the analytics store accepts it.
 * Almost every row already is, and is returned as it came; only a row holding a lone surrogate is copied.
 */
export function wellFormedRow(row: Readonly<Record<string, unknown>>): AnalyticsRow {
  let repair = false;
  for (const column in row) {
    if (holdsLoneSurrogate(row[column])) {
      repair = true;
      break;
    }
  }
  if (!repair) return row;
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) out[column] = wellFormedValue(value);
  return out;
}

function isEmptyMap(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** `"column":` for each column name seen; the names are the builders' own, a few dozen. */
const keyPrefixes = new Map<string, string>();
const MAX_KEY_PREFIXES = 1_000;

function keyPrefix(column: string): string {
  const known = keyPrefixes.get(column);
  if (known !== undefined) return known;
  const prefix = `${JSON.stringify(column)}:`;
  if (keyPrefixes.size < MAX_KEY_PREFIXES) keyPrefixes.set(column, prefix);
  return prefix;
}

/**
 * One JSONEachRow line of the row without the columns that hold their type's default ('', NULL, an empty
 * map): the store fills omitted columns with those same defaults (no column of events or bot_events has a
 * DEFAULT expression), and a typical row leaves many columns empty, so the store parses a third less text.
 * Numbers stay: 0 is a measured value in the Nullable vitals columns, whose default is NULL.
 * The text is what JSON.stringify would write for the kept columns, built without copying them into an object first.
 */
export function compactJsonLine(row: AnalyticsRow): string {
  let line = '';
  for (const column in row) {
    const value = row[column];
    if (value === '' || value === null || value === undefined) continue;
    // Not representable in JSON (JSON.stringify would write null): the column keeps its default.
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    if (typeof value === 'object' && !Array.isArray(value) && isEmptyMap(value)) continue;
    line += (line === '' ? '{' : ',') + keyPrefix(column) + JSON.stringify(value);
  }
  return line === '' ? '{}' : `${line}}`;
}
