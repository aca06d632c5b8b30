// A quick check for the tracking calls that make up almost all traffic (a browser's pageview, custom event,
// web vitals or interaction with plain fields). It accepts only what the schema in track.schema.ts accepts,
// and answers "don't know" for everything else, which then goes through the schema and its exact errors.
import { isIP } from 'node:net';
import { EVENT_TYPES, type EventType } from './event-types.js';
import { ENGAGED_MS_MAX, PROPERTIES_MAX, SCREEN_MAX, TEXT_MAX } from './payload-limits.js';
import type { TrackPayload } from './track.schema.js';

type Rule = (value: unknown) => boolean;

const text = (max: number, min = 0): Rule => (value) => typeof value === 'string' && value.length >= min && value.length <= max;
const count = (max: number): Rule => (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;
const vital: Rule = (value) => value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);

/** Every field of the schema this check decides on its own; `feature_flags` is left to the schema. */
const RULES: Readonly<Record<string, Rule>> = {
  site_id: text(TEXT_MAX.site_id, 1),
  hostname: text(TEXT_MAX.hostname),
  pathname: text(TEXT_MAX.pathname),
  querystring: text(TEXT_MAX.querystring),
  referrer: text(TEXT_MAX.referrer),
  page_title: text(TEXT_MAX.page_title),
  language: text(TEXT_MAX.language),
  screenWidth: count(SCREEN_MAX),
  screenHeight: count(SCREEN_MAX),
  event_name: text(TEXT_MAX.event_name),
  // Longer properties are valid only on error events, which this check leaves to the schema.
  properties: text(PROPERTIES_MAX),
  lcp: vital,
  cls: vital,
  inp: vital,
  fcp: vital,
  ttfb: vital,
  user_id: text(TEXT_MAX.user_id),
  anonymous_id: text(TEXT_MAX.anonymous_id, 1),
  tag: text(TEXT_MAX.tag),
  ip_address: (value) => typeof value === 'string' && isIP(value) !== 0,
  user_agent: text(TEXT_MAX.user_agent),
  _bs: count(Number.MAX_SAFE_INTEGER),
  _bsm: count(Number.MAX_SAFE_INTEGER),
  engaged_ms: count(ENGAGED_MS_MAX),
  scroll_depth: count(100),
};

/** Types whose rules the check covers; outbound and error events carry properties the schema inspects. */
const QUICK_TYPES: ReadonlySet<string> = new Set<EventType>(EVENT_TYPES.filter((type) => type !== 'outbound' && type !== 'error'));

function isJsonObjectText(value: string): boolean {
  if (value === '') return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return false;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
}

/**
 * The validated payload when `body` is certainly valid, else undefined (it may still be valid: ask the schema).
 * The result equals what the schema returns: the same fields, with `type` defaulting to pageview.
 */
export function commonPayload(body: Readonly<Record<string, unknown>>): TrackPayload | undefined {
  if (Object.getPrototypeOf(body) !== Object.prototype || body.site_id === undefined) return undefined;
  const type = body.type === undefined ? 'pageview' : body.type;
  if (typeof type !== 'string' || !QUICK_TYPES.has(type)) return undefined;
  for (const key in body) {
    if (key === 'type') continue;
    if (!Object.hasOwn(RULES, key)) return undefined;
    const rule = RULES[key];
    if (rule === undefined || !rule(body[key])) return undefined;
  }
  if (type === 'custom_event' && !body.event_name) return undefined;
  // Engagement fields belong to engagement events only, which must carry engaged_ms: the schema says so.
  if ((type === 'engagement') !== (body.engaged_ms !== undefined) || (type !== 'engagement' && body.scroll_depth !== undefined)) return undefined;
  const properties = body.properties;
  if (typeof properties === 'string' && !isJsonObjectText(properties)) return undefined;
  return { ...body, type } as TrackPayload;
}
