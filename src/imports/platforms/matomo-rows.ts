// Matomo's visit log (Live API), one row per action: the visit's fields with the action under `action`
// (files/matomo-visits-file.ts). An action of type `action` is a pageview; `event` a custom event named by its
// eventAction with category, name and value as properties; `outlink` and `download` custom events `Outlink` and
// `Download` with the URL. Goals, site searches and ecommerce actions are skipped as `unsupported_event_type`.
// The session is idVisit, the visitor visitorId, the identified user userId.
import { z } from 'zod';
import { importedEventRow } from '../imported-event.js';
import { NO_PAGE, pageOfUrl } from './page-url.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { NOT_AN_OBJECT, rowProblems } from '../import-row.schema.js';

const text = (max: number) => z.union([z.string().max(max, `At most ${max} characters`), z.number()]).nullish().transform((value) => (value === null || value === undefined ? '' : String(value)));

const ActionSchema = z.object({
  type: z.string().min(1, 'Required').max(40),
  timestamp: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/, 'Expected Unix seconds')]).transform(Number),
  url: text(4096),
  pageTitle: text(512),
  eventCategory: text(256),
  eventAction: text(256),
  eventName: text(256),
  eventValue: z.union([z.number(), z.string().max(64)]).nullish(),
});

export const MatomoRowSchema = z.object({
  idVisit: z.union([z.number().int(), z.string().min(1).max(64)]).transform(String),
  visitorId: text(64).refine((value) => value !== '', 'Required'),
  userId: text(255),
  referrerUrl: text(2048),
  campaignName: text(255),
  campaignSource: text(255),
  campaignMedium: text(255),
  campaignKeyword: text(255),
  campaignContent: text(255),
  deviceType: text(32),
  operatingSystemName: text(64),
  operatingSystemVersion: text(64),
  browserName: text(64),
  browserVersion: text(64),
  resolution: text(20),
  countryCode: text(8),
  regionCode: text(8),
  city: text(100),
  languageCode: text(35),
  action: ActionSchema,
});

const DEVICES: Readonly<Record<string, string>> = { desktop: 'Desktop', smartphone: 'Mobile', phablet: 'Mobile', 'feature phone': 'Mobile', tablet: 'Tablet', tv: 'TV', console: 'Console' };
const SYSTEMS: Readonly<Record<string, string>> = { mac: 'macOS', 'gnu/linux': 'Linux', 'chrome os': 'ChromeOS' };

function kindOf(action: z.infer<typeof ActionSchema>): { type: 'pageview' | 'custom_event'; name: string; props: Record<string, string | number> } | undefined {
  switch (action.type) {
    case 'action':
      return { type: 'pageview', name: '', props: {} };
    case 'event': {
      const props: Record<string, string | number> = { category: action.eventCategory };
      if (action.eventName !== '') props.name = action.eventName;
      if (action.eventValue !== null && action.eventValue !== undefined && action.eventValue !== '') props.value = action.eventValue;
      return { type: 'custom_event', name: action.eventAction || action.eventCategory, props };
    }
    case 'outlink':
      return { type: 'custom_event', name: 'Outlink', props: { url: action.url } };
    case 'download':
      return { type: 'custom_event', name: 'Download', props: { url: action.url } };
    default:
      return undefined;
  }
}

export function matomoRow(raw: unknown, context: MappingContext): MappedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(NOT_AN_OBJECT);
  const parsed = MatomoRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  const kind = kindOf(row.action);
  if (!kind) return { kind: 'skip', reason: 'unsupported_event_type' };
  const [width = 0, height = 0] = /^\d{1,5}x\d{1,5}$/.test(row.resolution) ? row.resolution.split('x').map(Number) : [];
  const country = row.countryCode.toUpperCase();
  const [base = '', region] = row.languageCode.split('-');
  return importedEventRow({
    at: row.action.timestamp * 1000,
    visit: row.idVisit,
    visitor: row.visitorId,
    identifiedUserId: row.userId,
    type: kind.type,
    eventName: kind.name.slice(0, 256),
    props: kind.type === 'pageview' ? '' : JSON.stringify(kind.props),
    // A pageview's and an event's url is the page; an outlink's or a download's is its target, not a page.
    ...(row.action.type === 'action' || row.action.type === 'event' ? (pageOfUrl(row.action.url) ?? NO_PAGE) : NO_PAGE),
    pageTitle: kind.type === 'pageview' ? row.action.pageTitle : '',
    referrer: row.referrerUrl,
    utm: { utm_source: row.campaignSource, utm_medium: row.campaignMedium, utm_campaign: row.campaignName, utm_term: row.campaignKeyword, utm_content: row.campaignContent },
    browser: row.browserName,
    browserVersion: row.browserVersion,
    operatingSystem: SYSTEMS[row.operatingSystemName.toLowerCase()] ?? row.operatingSystemName,
    operatingSystemVersion: row.operatingSystemVersion,
    deviceType: DEVICES[row.deviceType.toLowerCase()] ?? '',
    language: region ? `${base.toLowerCase()}-${region.toUpperCase()}` : base.toLowerCase(),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    region: /^[A-Z]{2}$/.test(country) && row.regionCode !== '' ? `${country}-${row.regionCode.toUpperCase()}` : '',
    city: row.city,
    screenWidth: width > 65_535 ? 0 : width,
    screenHeight: height > 65_535 ? 0 : height,
    sourceEventId: '',
  }, 'matomo', context);
}
