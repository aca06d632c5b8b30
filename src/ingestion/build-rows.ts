// Turns an enriched spooled event into an events row or a bot_events row (column names of the migrations).
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';
import type { EnrichContext } from './enrichment/enrich-context.js';
import { revenueColumns } from '../revenue/revenue-input.js';

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

/** Canonical JSON of the properties (already validated as JSON), '' when none. */
function normaliseProps(properties: string | undefined): string {
  if (!properties) return '';
  return JSON.stringify(JSON.parse(properties) as unknown);
}

export function buildEventRow(context: EnrichContext): AnalyticsRow {
  const { record, page, ua, geo, session } = context;
  const { payload } = record;
  if (!page || !ua || !geo || session === undefined) throw new Error('enrichment steps must run before building the row');
  const isVital = payload.type === 'performance';
  return wellFormedRow({
    site_id: record.site_id,
    timestamp: clickhouseTime(record.at),
    event_id: record.event_id,
    session_id: session.id,
    session_start: clickhouseTime(session.startedAt),
    user_id: record.user_id,
    identified_user_id: payload.user_id ?? '',
    type: payload.type,
    event_name: payload.event_name ?? '',
    props: normaliseProps(payload.properties),
    hostname: page.hostname,
    pathname: payload.pathname ?? '',
    querystring: (payload.querystring ?? '').replace(/^\?/, ''),
    url_parameters: page.urlParameters,
    page_title: payload.page_title ?? '',
    referrer: page.referrer,
    channel: page.channel,
    ...page.utm,
    ...ua,
    language: payload.language ?? '',
    ...geo,
    screen_width: payload.screenWidth ?? 0,
    screen_height: payload.screenHeight ?? 0,
    lcp: isVital ? (payload.lcp ?? null) : null,
    cls: isVital ? (payload.cls ?? null) : null,
    inp: isVital ? (payload.inp ?? null) : null,
    fcp: isVital ? (payload.fcp ?? null) : null,
    ttfb: isVital ? (payload.ttfb ?? null) : null,
    ip: '',
    tag: payload.tag ?? '',
    feature_flags: payload.feature_flags ?? {},
    attributes_changed: session.attributesChanged ? 1 : 0,
    ...revenueColumns(payload.revenue),
    ...(payload.type === 'engagement' ? { engaged_ms: payload.engaged_ms ?? 0, scroll_depth: payload.scroll_depth ?? 0 } : {}),
  });
}

export function buildBotRow(context: EnrichContext): AnalyticsRow {
  const { record, bot, ua, geo } = context;
  const { payload } = record;
  if (!bot) throw new Error('detect-bot must run before building a bot row');
  return wellFormedRow({
    site_id: record.site_id,
    timestamp: clickhouseTime(record.at),
    event_id: record.event_id,
    type: payload.type,
    event_name: payload.event_name ?? '',
    hostname: (payload.hostname ?? '').toLowerCase(),
    pathname: payload.pathname ?? '',
    referrer: payload.referrer ?? '',
    user_agent: record.user_agent.slice(0, 1024),
    browser: ua?.browser ?? '',
    operating_system: ua?.operating_system ?? '',
    device_type: ua?.device_type ?? '',
    country: geo?.country ?? '',
    asn: bot.asn,
    bot_name: bot.botName,
    bot_category: bot.botCategory,
    ai_operator: bot.ai?.operator ?? '',
    ai_purpose: bot.ai?.purpose ?? '',
    ua_pattern: bot.layers.ua_pattern ? 1 : 0,
    header_heuristics: bot.layers.header_heuristics ? 1 : 0,
    client_signals: bot.layers.client_signals ? 1 : 0,
    bot_asn: bot.layers.bot_asn ? 1 : 0,
    rate_anomaly: bot.layers.rate_anomaly ? 1 : 0,
  });
}
