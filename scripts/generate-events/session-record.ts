// One generated session in compact form: visitor columns once, per-page and per-event columns as arrays.
import { CONTRACT_EVENT_TYPES } from './contract-values.js';

/** A row of the staging table; SQL expands it into one `events` row per entry of the `ev_*` arrays. */
export type SessionRecord = {
  site_id: number;
  /** UInt64 as a decimal string. */
  sid: string;
  uid: string;
  /** Session start, ms since epoch; events are at t0 + ev_off. */
  t0: number;
  ident?: string;
  /** First page number (1-based) whose events carry `ident`. */
  ident_from?: number;
  browser: string;
  browser_v: string;
  os: string;
  os_v: string;
  device: string;
  lang: string;
  country: string;
  region?: string;
  city?: string;
  lat?: number;
  lon?: number;
  tz?: string;
  sw: number;
  sh: number;
  flags?: Readonly<Record<string, string>>;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  /** Per page, in visiting order: page id (index into the site's page list), query, referrer, channel. */
  pg_id: number[];
  pg_qs: string[];
  pg_params: Readonly<Record<string, string>>[];
  pg_ref: string[];
  pg_channel: string[];
  /** Per event: offset from t0 (ms), type code, page number (1-based), detail index (1-based, 0 = none). */
  ev_off: number[];
  ev_type: number[];
  ev_pg: number[];
  ev_x: number[];
  /** Per event with details (all but pageviews): name, props and Web Vitals. */
  x_name: string[];
  x_props: string[];
  x_lcp: (number | null)[];
  x_cls: (number | null)[];
  x_inp: (number | null)[];
  x_fcp: (number | null)[];
  x_ttfb: (number | null)[];
  /** Per event with details: revenue as decimal text ('' = none) and its currency; engaged ms and scroll depth. */
  x_rev: string[];
  x_cur: string[];
  x_eng: number[];
  x_depth: number[];
};

/** Event types by code (the contract's closed list); records store the position. */
export const EVENT_TYPES = CONTRACT_EVENT_TYPES;

const TYPE_CODES = new Map<string, number>(EVENT_TYPES.map((type, code) => [type, code]));

export function eventTypeCode(type: string): number {
  const code = TYPE_CODES.get(type);
  if (code === undefined) throw new Error(`Unknown event type "${type}"`);
  return code;
}
