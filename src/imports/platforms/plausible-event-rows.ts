// Plausible raw events (the columns of its events table), Rybbit's `plausible` import shape.
import { z } from 'zod';
import { importedEventRow } from '../imported-event.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { countryCode, requiredText, rowProblems, text, timestamp } from '../import-row.schema.js';

/** Custom properties: a JSON object as text ('' for none). */
const props = text(4096).refine((value) => {
  if (value === '') return true;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}, 'Expected a JSON object as text');

export const PlausibleEventRowSchema = z.object({
  timestamp,
  session_id: requiredText(64),
  user_id: requiredText(64),
  hostname: text(253),
  pathname: text(2048),
  querystring: text(2048),
  referrer: text(2048),
  browser: text(30),
  browser_version: text(20),
  operating_system: text(25),
  operating_system_version: text(20),
  device_type: text(20),
  country: countryCode,
  region: text(20),
  city: text(60),
  type: z.enum(['pageview', 'custom_event'], { message: "Expected 'pageview' or 'custom_event'" }),
  event_name: text(256),
  props,
}).refine((row) => row.type === 'pageview' || row.event_name !== '', { message: 'Required for a custom event', path: ['event_name'] });

export function plausibleEventRow(raw: unknown, context: MappingContext): MappedRow {
  const parsed = PlausibleEventRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  return importedEventRow({
    at: row.timestamp,
    visit: row.session_id,
    visitor: row.user_id,
    identifiedUserId: '',
    type: row.type,
    eventName: row.type === 'pageview' ? '' : row.event_name,
    props: row.props === '' ? '' : JSON.stringify(JSON.parse(row.props) as unknown),
    hostname: row.hostname,
    pathname: row.pathname,
    querystring: row.querystring.replace(/^\?/, ''),
    pageTitle: '',
    referrer: row.referrer,
    utm: {},
    browser: row.browser,
    browserVersion: row.browser_version,
    operatingSystem: row.operating_system,
    operatingSystemVersion: row.operating_system_version,
    deviceType: row.device_type,
    language: '',
    country: row.country,
    region: row.region,
    city: row.city,
    screenWidth: 0,
    screenHeight: 0,
    sourceEventId: '',
  }, 'plausible', context);
}
