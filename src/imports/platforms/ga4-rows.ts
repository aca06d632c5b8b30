// Google Analytics 4's raw events as its BigQuery export writes them (the `events_YYYYMMDD` tables, exported as
// newline-delimited JSON): one event per line. INT64 columns arrive as strings or numbers.
// - page_view is a pageview; session_start, first_visit and user_engagement are GA4's own bookkeeping and are
//   skipped as `automatic_event`; every other event is a custom event whose properties are its event_params
//   (less the page and session keys read below).
// - The session is GA4's: user_pseudo_id with the ga_session_id parameter; the visitor is user_pseudo_id.
// - Page: page_location (hostname, path, query), page_referrer, page_title parameters.
// - Campaign: collected_traffic_source's manual_* fields, else the page URL's utm_* (traffic_source is the
//   user's first acquisition, not the session's, so it is not read).
// - Device: device.category, device.web_info.browser (else device.browser) and its version,
//   device.operating_system and its version, device.language. GA4 exports no screen size.
// - Geo: geo.country (a name, mapped to its code), geo.city. geo.region is a name without an ISO 3166-2
//   code, so it is not mapped.
import { z } from 'zod';
import { importedEventRow } from '../imported-event.js';
import { NO_PAGE, pageOfUrl } from './page-url.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { NOT_AN_OBJECT, rowProblems } from '../import-row.schema.js';
import { countryCodeOfName } from './country-names.js';

const int64 = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,19}$/, 'Expected an integer')]);
const optionalText = (max: number) => z.string().max(max, `At most ${max} characters`).nullish().transform((value) => value ?? '');

const paramValue = z.object({
  string_value: z.string().max(4096).nullish(),
  int_value: int64.nullish(),
  float_value: z.number().nullish(),
  double_value: z.number().nullish(),
}).nullish();

export const Ga4RowSchema = z.object({
  event_timestamp: int64,
  event_name: z.string().min(1, 'Required').max(256, 'At most 256 characters'),
  event_params: z.array(z.object({ key: z.string().max(256), value: paramValue })).max(500).nullish(),
  user_pseudo_id: z.string().min(1, 'Required').max(255, 'At most 255 characters'),
  user_id: optionalText(255),
  device: z.object({
    category: optionalText(32),
    operating_system: optionalText(64),
    operating_system_version: optionalText(64),
    browser: optionalText(64),
    browser_version: optionalText(64),
    language: optionalText(35),
    web_info: z.object({ browser: optionalText(64), browser_version: optionalText(64), hostname: optionalText(253) }).nullish(),
  }).nullish(),
  geo: z.object({ country: optionalText(100), region: optionalText(100), city: optionalText(100) }).nullish(),
  collected_traffic_source: z.object({
    manual_source: optionalText(255), manual_medium: optionalText(255), manual_campaign_name: optionalText(255),
    manual_term: optionalText(255), manual_content: optionalText(255),
  }).nullish(),
});

/** GA4's automatically collected events that mark a session or a visitor, not something that happened on a page. */
const BOOKKEEPING_EVENTS = new Set(['session_start', 'first_visit', 'user_engagement']);
/** Parameters read into columns, or GA4's own session bookkeeping: not properties of a custom event. */
const READ_PARAMS = new Set([
  'page_location', 'page_referrer', 'page_title', 'ga_session_id', 'ga_session_number', 'engagement_time_msec',
  'session_engaged', 'entrances', 'ignore_referrer', 'batch_page_id', 'batch_ordering_id', 'debug_mode',
]);
const DEVICE_TYPES: Readonly<Record<string, string>> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', 'smart tv': 'TV' };
const OPERATING_SYSTEMS: Readonly<Record<string, string>> = { macintosh: 'macOS', 'mac os x': 'macOS', 'chrome os': 'ChromeOS' };

type Params = NonNullable<z.infer<typeof Ga4RowSchema>['event_params']>;

function paramsOf(params: Params): Map<string, string | number> {
  const values = new Map<string, string | number>();
  for (const { key, value } of params) {
    if (!value) continue;
    const found = value.string_value ?? value.int_value ?? value.double_value ?? value.float_value;
    if (found !== null && found !== undefined) values.set(key, typeof found === 'string' && /^\d+$/.test(found) && value.string_value == null ? Number(found) : found);
  }
  return values;
}

/** `en-us` as `en-US`. */
function language(tag: string): string {
  const [base = '', region] = tag.split('-');
  return region ? `${base.toLowerCase()}-${region.toUpperCase()}` : base.toLowerCase();
}

export function ga4Row(raw: unknown, context: MappingContext): MappedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(NOT_AN_OBJECT);
  const parsed = Ga4RowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  if (BOOKKEEPING_EVENTS.has(row.event_name)) return { kind: 'skip', reason: 'automatic_event' };
  const params = paramsOf(row.event_params ?? []);
  const text = (key: string) => String(params.get(key) ?? '');
  const page = pageOfUrl(text('page_location')) ?? NO_PAGE;
  const pageview = row.event_name === 'page_view';
  const props = Object.fromEntries([...params].filter(([key]) => !READ_PARAMS.has(key)));
  const device = row.device;
  const campaign = row.collected_traffic_source;
  const os = device?.operating_system ?? '';
  return importedEventRow({
    at: Math.floor(Number(row.event_timestamp) / 1000),
    visit: `${row.user_pseudo_id}.${text('ga_session_id')}`,
    visitor: row.user_pseudo_id,
    identifiedUserId: row.user_id,
    type: pageview ? 'pageview' : 'custom_event',
    eventName: pageview ? '' : row.event_name,
    props: pageview || Object.keys(props).length === 0 ? '' : JSON.stringify(props),
    hostname: page.hostname || (device?.web_info?.hostname ?? ''),
    pathname: page.pathname,
    querystring: page.querystring,
    pageTitle: text('page_title').slice(0, 512),
    referrer: text('page_referrer').slice(0, 2048),
    utm: {
      utm_source: campaign?.manual_source ?? '', utm_medium: campaign?.manual_medium ?? '', utm_campaign: campaign?.manual_campaign_name ?? '',
      utm_term: campaign?.manual_term ?? '', utm_content: campaign?.manual_content ?? '',
    },
    browser: device?.web_info?.browser || device?.browser || '',
    browserVersion: device?.web_info?.browser_version || device?.browser_version || '',
    operatingSystem: OPERATING_SYSTEMS[os.toLowerCase()] ?? os,
    operatingSystemVersion: device?.operating_system_version ?? '',
    deviceType: DEVICE_TYPES[(device?.category ?? '').toLowerCase()] ?? '',
    language: language(device?.language ?? ''),
    country: countryCodeOfName(row.geo?.country ?? ''),
    region: '',
    city: row.geo?.city === '(not set)' ? '' : (row.geo?.city ?? ''),
    screenWidth: 0,
    screenHeight: 0,
    sourceEventId: '',
  }, 'ga4', context);
}
