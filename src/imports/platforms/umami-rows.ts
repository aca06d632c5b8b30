// Umami's events (its website_event columns joined with its session columns, as its CSV export has them).
import { z } from 'zod';
import { importedEventRow } from '../imported-event.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { countryCode, requiredText, rowProblems, text, timestamp } from '../row-schema.js';
import { UMAMI_BROWSERS, UMAMI_DEVICES, UMAMI_OPERATING_SYSTEMS } from './umami-names.js';

/** Umami's event types: 1 a pageview, 2 a custom event (numbers in JSON, digits in CSV). */
const eventType = z.union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], { message: "Expected 1 (pageview) or 2 (custom event)" });

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
  .refine((row) => String(row.event_type) === '1' || row.event_name !== '', { message: 'Required for a custom event (event_type 2)', path: ['event_name'] });

function referrerOf(domain: string, path: string, query: string): string {
  if (domain === '') return '';
  return `https://${domain}${path}${query === '' ? '' : `?${query}`}`;
}

export function umamiRow(raw: unknown, context: MappingContext): MappedRow {
  const parsed = UmamiRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  const [width = 0, height = 0] = row.screen === '' ? [] : row.screen.split('x').map(Number);
  const [operatingSystem, operatingSystemVersion] = UMAMI_OPERATING_SYSTEMS[row.os.toLowerCase()] ?? [row.os, ''];
  const pageview = String(row.event_type) === '1';
  return importedEventRow({
    at: row.created_at,
    visit: row.visit_id || row.session_id,
    visitor: row.session_id,
    identifiedUserId: row.distinct_id,
    type: pageview ? 'pageview' : 'custom_event',
    eventName: pageview ? '' : row.event_name,
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
  }, 'umami', context);
}
