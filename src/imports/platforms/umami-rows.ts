// Umami's events (its website_event columns joined with its session columns, as its CSV export has them).
// Umami's event types: 1 a pageview, 2 a custom event, 3 a link visit, 4 a pixel hit, 5 a performance
// row (web vitals in the lcp, inp, cls, fcp and ttfb columns, which its reports leave out of traffic).
// Performance rows become Loupe performance events; link and pixel rows belong to Umami's short links and
// pixels, not to a website's pages, and are skipped with their reason.
import { z } from 'zod';
import { importedEventRow } from '../imported-event.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { countryCode, requiredText, rowProblems, text, timestamp } from '../import-row.schema.js';
import { UMAMI_BROWSERS, UMAMI_DEVICES, UMAMI_OPERATING_SYSTEMS } from './umami-names.js';

/** An Umami event type, as a number in JSON or digits in CSV. */
const eventType = z.union([z.enum(['1', '2', '3', '4', '5']), z.literal([1, 2, 3, 4, 5])], { message: 'Expected an Umami event type: 1 (pageview), 2 (custom event), 3 (link), 4 (pixel) or 5 (performance)' })
  .transform((value) => Number(value));

/** A web vital as Umami stores it (a decimal; '' or null when the row has none). */
const vital = z.union([z.number().finite().nonnegative(), z.string().regex(/^(?:\d{1,12}(?:\.\d{1,6})?)?$/, 'Expected a non-negative decimal'), z.null()])
  .default(null)
  .transform((value) => (value === null || value === '' ? null : Number(value)));

const screen = z.string().regex(/^(?:\d{1,5}x\d{1,5})?$/, "Expected 'WIDTHxHEIGHT' or ''").default('');

export const UmamiRowSchema = z
  .object({
    event_id: text(64),
    session_id: requiredText(64),
    visit_id: text(64),
    created_at: timestamp,
    hostname: text(253),
    url_path: text(2048),
    url_query: text(2048),
    referrer_path: text(2048),
    referrer_query: text(2048),
    referrer_domain: text(253),
    page_title: text(512),
    utm_source: text(255),
    utm_medium: text(255),
    utm_campaign: text(255),
    utm_content: text(255),
    utm_term: text(255),
    event_type: eventType,
    event_name: text(256),
    lcp: vital,
    inp: vital,
    cls: vital,
    fcp: vital,
    ttfb: vital,
    distinct_id: text(255),
    browser: text(30),
    os: text(30),
    device: text(20),
    screen,
    language: text(35),
    country: countryCode,
    region: text(20),
    city: text(60),
  })
  .refine((row) => row.event_type !== 2 || row.event_name !== '', { message: 'Required for a custom event (event_type 2)', path: ['event_name'] });

const TYPES = { 1: 'pageview', 2: 'custom_event', 5: 'performance' } as const;

function referrerOf(domain: string, path: string, query: string): string {
  if (domain === '') return '';
  return `https://${domain}${path}${query === '' ? '' : `?${query}`}`;
}

export function umamiRow(raw: unknown, context: MappingContext): MappedRow {
  const parsed = UmamiRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  if (row.event_type !== 1 && row.event_type !== 2 && row.event_type !== 5) return { kind: 'skip', reason: 'unsupported_event_type' };
  const type = TYPES[row.event_type];
  const [width = 0, height = 0] = row.screen === '' ? [] : row.screen.split('x').map(Number);
  const [operatingSystem, operatingSystemVersion] = UMAMI_OPERATING_SYSTEMS[row.os.toLowerCase()] ?? [row.os, ''];
  return importedEventRow({
    at: row.created_at,
    visit: row.visit_id || row.session_id,
    visitor: row.session_id,
    identifiedUserId: row.distinct_id,
    type,
    eventName: type === 'custom_event' ? row.event_name : '',
    props: '',
    hostname: row.hostname,
    pathname: row.url_path,
    querystring: row.url_query.replace(/^\?/, ''),
    pageTitle: row.page_title,
    referrer: referrerOf(row.referrer_domain, row.referrer_path, row.referrer_query),
    utm: { utm_source: row.utm_source, utm_medium: row.utm_medium, utm_campaign: row.utm_campaign, utm_content: row.utm_content, utm_term: row.utm_term },
    browser: UMAMI_BROWSERS[row.browser.toLowerCase()] ?? row.browser,
    browserVersion: '',
    operatingSystem,
    operatingSystemVersion,
    deviceType: UMAMI_DEVICES[row.device.toLowerCase()] ?? row.device,
    language: row.language,
    country: row.country,
    region: row.region,
    city: row.city,
    screenWidth: width > 65_535 ? 0 : width,
    screenHeight: height > 65_535 ? 0 : height,
    sourceEventId: row.event_id,
    vitals: { lcp: row.lcp, cls: row.cls, inp: row.inp, fcp: row.fcp, ttfb: row.ttfb },
  }, 'umami', context);
}
