// The transient staging table for session records and the statement that expands them into `events`.
import type { QueryParams } from '../../src/platform/analytics-store/analytics-store.js';
import { EVENT_TYPES } from './session-record.js';
import type { SitePage } from './site-pages.js';

/** A per-process name, so two runs against one ClickHouse server do not share a staging table. */
export function stagingTableName(pid: number): string {
  return `generate_events_staging_${Math.trunc(pid)}`;
}

export function createStagingSql(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table}
(
    site_id UInt32, sid UInt64, uid String, t0 Int64, ident String, ident_from UInt8,
    browser String, browser_v String, os String, os_v String, device String, lang String,
    country String, region String, city String, lat Float64, lon Float64, tz String, sw UInt16, sh UInt16,
    flags Map(String, String),
    utm_source String, utm_medium String, utm_campaign String, utm_term String, utm_content String,
    pg_id Array(UInt16), pg_qs Array(String), pg_params Array(Map(String, String)), pg_ref Array(String), pg_channel Array(String),
    ev_off Array(UInt32), ev_type Array(UInt8), ev_pg Array(UInt8), ev_x Array(UInt16),
    x_name Array(String), x_props Array(String), x_lcp Array(Nullable(Float64)), x_cls Array(Nullable(Float64)),
    x_inp Array(Nullable(Float64)), x_fcp Array(Nullable(Float64)), x_ttfb Array(Nullable(Float64)),
    x_rev Array(String), x_cur Array(String), x_eng Array(UInt32), x_depth Array(UInt8)
)
ENGINE = Memory`;
}

/**
 * The event id: a version 4 UUID made from a hash of the session id and the event's position, so the
 * same seed gives the same ids without sending them.
 */
const EVENT_ID = `toUUID(concat(substring(h, 1, 8), '-', substring(h, 9, 4), '-4', substring(h, 14, 3), '-',
    substring('89ab', (reinterpretAsUInt8(unhex(substring(h, 17, 2))) % 4) + 1, 1), substring(h, 18, 3), '-',
    substring(h, 21, 12)))`;

/**
 * One `events` row per session event. Page columns come from the bound page list; an event without
 * details has detail index 0, and indexing an array at 0 yields '' or NULL.
 */
export function expandStagingSql(table: string): string {
  return `INSERT INTO events (site_id, timestamp, event_id, session_id, session_start, user_id, identified_user_id, type, event_name, props,
    hostname, pathname, querystring, url_parameters, page_title, referrer, channel,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    browser, browser_version, operating_system, operating_system_version, device_type, language,
    country, region, city, lat, lon, timezone, screen_width, screen_height, lcp, cls, inp, fcp, ttfb, feature_flags,
    revenue_amount, revenue_currency, engaged_ms, scroll_depth)
WITH lower(hex(sipHash128(sid, e_idx))) AS h
SELECT site_id, fromUnixTimestamp64Milli(t0 + e_off, 'UTC'), ${EVENT_ID}, sid, fromUnixTimestamp64Milli(t0 + arrayMin(ev_off), 'UTC'), uid, if(e_pg >= ident_from, ident, ''),
    arrayElement({types:Array(String)}, e_type + 1), x_name[e_x], x_props[e_x],
    arrayElement({hostnames:Array(String)}, e_page), arrayElement({pathnames:Array(String)}, e_page), e_qs, e_params,
    arrayElement({titles:Array(String)}, e_page), e_ref, e_channel,
    if(e_pg = 1, utm_source, ''), if(e_pg = 1, utm_medium, ''), if(e_pg = 1, utm_campaign, ''),
    if(e_pg = 1, utm_term, ''), if(e_pg = 1, utm_content, ''),
    browser, browser_v, os, os_v, device, lang, country, region, city, lat, lon, tz, sw, sh,
    x_lcp[e_x], x_cls[e_x], x_inp[e_x], x_fcp[e_x], x_ttfb[e_x], flags,
    toDecimal64OrZero(x_rev[e_x], 4), x_cur[e_x], x_eng[e_x], x_depth[e_x]
FROM ${table}
ARRAY JOIN arrayEnumerate(ev_off) AS e_idx, ev_off AS e_off, ev_type AS e_type, ev_pg AS e_pg, ev_x AS e_x,
    arrayMap(p -> pg_id[p] + 1, ev_pg) AS e_page, arrayMap(p -> pg_qs[p], ev_pg) AS e_qs,
    arrayMap(p -> pg_params[p], ev_pg) AS e_params, arrayMap(p -> pg_ref[p], ev_pg) AS e_ref,
    arrayMap(p -> pg_channel[p], ev_pg) AS e_channel`;
}

/** The lists bound to the expansion: event types by code + 1, page columns by page id + 1. */
export function expansionParams(pages: readonly SitePage[]): QueryParams {
  return {
    types: [...EVENT_TYPES],
    hostnames: pages.map((page) => page.hostname),
    pathnames: pages.map((page) => page.pathname),
    titles: pages.map((page) => page.title),
  };
}
