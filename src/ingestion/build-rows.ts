// Turns an enriched spooled event into an events row or a bot_events row (column names of the migrations).
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';
import { clickhouseTime, wellFormedRow } from '../platform/analytics-store/row-lines.js';
import type { EnrichContext } from './enrichment/enrich-context.js';
import { revenueColumns } from '../revenue/revenue-input.js';

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
