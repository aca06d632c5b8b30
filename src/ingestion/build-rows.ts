// Turns an enriched tracking context into an events row or a bot_events row (column names of the migrations).
import { randomUUID } from 'node:crypto';
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';
import { siteOf, type TrackContext } from './track-context.js';

/** ClickHouse DateTime64(3) text in UTC. */
export function clickhouseTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

const ANY_SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Lone UTF-16 surrogates (a title cut mid-character, or junk) become U+FFFD: the store refuses them, and one such row would block its whole batch. */
function wellFormedText(text: string): string {
  return ANY_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\ufffd') : text;
}

function wellFormedValue(value: unknown): unknown {
  if (typeof value === 'string') return wellFormedText(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const map = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) map[wellFormedText(key)] = wellFormedValue(item);
  return map;
}

/** The row with every string, map key and map value well-formed UTF-16, so the analytics store accepts it. */
export function wellFormedRow(row: Readonly<Record<string, unknown>>): AnalyticsRow {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) out[column] = wellFormedValue(value);
  return out;
}

/** Canonical JSON of the properties (already validated as JSON), '' when none. */
function normaliseProps(properties: string | undefined): string {
  if (!properties) return '';
  return JSON.stringify(JSON.parse(properties) as unknown);
}

export function buildEventRow(context: TrackContext): AnalyticsRow {
  const { payload, page, visitor, ua, geo } = context;
  const site = siteOf(context);
  if (!page || !visitor || !ua || !geo) throw new Error('enrichment steps must run before building the row');
  const isVital = payload.type === 'performance';
  return wellFormedRow({
    site_id: site.siteId,
    timestamp: clickhouseTime(context.nowMs),
    event_id: randomUUID(),
    session_id: visitor.sessionId,
    user_id: visitor.userId,
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
  });
}

export function buildBotRow(context: TrackContext): AnalyticsRow {
  const { payload, bot, ua, geo } = context;
  if (!bot) throw new Error('detect-bot must run before building a bot row');
  return wellFormedRow({
    site_id: siteOf(context).siteId,
    timestamp: clickhouseTime(context.nowMs),
    event_id: randomUUID(),
    type: payload.type,
    event_name: payload.event_name ?? '',
    hostname: (payload.hostname ?? '').toLowerCase(),
    pathname: payload.pathname ?? '',
    referrer: payload.referrer ?? '',
    user_agent: context.userAgent.slice(0, 1024),
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
