// PostHog's events as its batch export writes them (the events model, as JSON lines: uuid, event,
// distinct_id, person_id, properties, timestamp...; `properties` an object, or JSON text as in its Parquet files).
// - $pageview is a pageview; events named without a leading `$` are custom events whose properties are the
//   event's own (those without a `$`); PostHog's other automatic events ($pageleave, $autocapture, $identify,
//   $set, $web_vitals, $exception...) are skipped as `automatic_event`.
// - The session is properties.$session_id; the visitor is person_id (else distinct_id).
// - Page: $current_url (else $host + $pathname), $referrer ('$direct' is none), title.
// - utm_* properties, $browser, $browser_version, $os, $os_version, $device_type, $screen_width,
//   $screen_height, $browser_language, $geoip_country_code, $geoip_subdivision_1_code, $geoip_city_name.
import { z } from 'zod';
import { importedEventRow } from '../imported-event.js';
import { pageOfUrl, type PageParts } from './page-url.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { NOT_AN_OBJECT, rowProblems, timestamp } from '../import-row.schema.js';

const properties = z.union([
  z.record(z.string(), z.unknown()),
  z.string().max(1_000_000).transform((value, context) => {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    context.addIssue({ code: 'custom', message: 'Expected a JSON object' });
    return z.NEVER;
  }),
]).nullish().transform((value) => value ?? {});

export const PostHogRowSchema = z.object({
  uuid: z.string().max(64).nullish(),
  event: z.string().min(1, 'Required').max(256, 'At most 256 characters'),
  distinct_id: z.string().min(1, 'Required').max(255, 'At most 255 characters'),
  person_id: z.string().max(64).nullish(),
  timestamp,
  properties,
});

/** A property as text of at most `max` characters ('' when absent or not a string or number). */
function textOf(props: Record<string, unknown>, key: string, max: number): string {
  const value = props[key];
  return typeof value === 'string' ? value.slice(0, max) : typeof value === 'number' ? String(value) : '';
}

function side(props: Record<string, unknown>, key: string): number {
  const value = props[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 65_535 ? value : 0;
}

function pageOf(props: Record<string, unknown>): PageParts {
  return pageOfUrl(textOf(props, '$current_url', 4096)) ?? { hostname: textOf(props, '$host', 253), pathname: textOf(props, '$pathname', 2048), querystring: '' };
}

export function postHogRow(raw: unknown, context: MappingContext): MappedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(NOT_AN_OBJECT);
  const parsed = PostHogRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  const pageview = row.event === '$pageview';
  if (!pageview && row.event.startsWith('$')) return { kind: 'skip', reason: 'automatic_event' };
  const props = row.properties;
  const page = pageOf(props);
  const own = Object.fromEntries(Object.entries(props).filter(([key]) => !key.startsWith('$') && !key.startsWith('utm_') && key !== 'title' && key !== 'token' && key !== 'distinct_id'));
  const referrer = textOf(props, '$referrer', 2048);
  const country = textOf(props, '$geoip_country_code', 2).toUpperCase();
  const subdivision = textOf(props, '$geoip_subdivision_1_code', 10);
  return importedEventRow({
    at: row.timestamp,
    visit: textOf(props, '$session_id', 128) || row.distinct_id,
    visitor: row.person_id || row.distinct_id,
    identifiedUserId: '',
    type: pageview ? 'pageview' : 'custom_event',
    eventName: pageview ? '' : row.event,
    props: pageview || Object.keys(own).length === 0 ? '' : JSON.stringify(own),
    ...page,
    pageTitle: textOf(props, 'title', 512),
    referrer: referrer === '$direct' ? '' : referrer,
    utm: {
      utm_source: textOf(props, 'utm_source', 255), utm_medium: textOf(props, 'utm_medium', 255), utm_campaign: textOf(props, 'utm_campaign', 255),
      utm_term: textOf(props, 'utm_term', 255), utm_content: textOf(props, 'utm_content', 255),
    },
    browser: textOf(props, '$browser', 64),
    browserVersion: textOf(props, '$browser_version', 64),
    operatingSystem: textOf(props, '$os', 64),
    operatingSystemVersion: textOf(props, '$os_version', 64),
    deviceType: textOf(props, '$device_type', 32),
    language: textOf(props, '$browser_language', 35),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    region: country && subdivision ? `${country}-${subdivision}` : '',
    city: textOf(props, '$geoip_city_name', 100),
    screenWidth: side(props, '$screen_width'),
    screenHeight: side(props, '$screen_height'),
    sourceEventId: row.uuid ?? '',
  }, 'posthog', context);
}
