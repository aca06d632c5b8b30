// Simple Analytics' datapoints (the columns of its CSV export): pageviews and events, with the user agent.
// Its export documentation: `datapoint` (the event's name) is a column of the events export only, so a row
// without it is a page view; `utm_source` is filled from `ref=` or `utm_source` in the landing URL, and the
// export has its own utm_* columns, read before the query string.
import { z } from 'zod';
import { parseUserAgent } from '../../classifiers/user-agent.js';
import { importedEventRow } from '../imported-event.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { countryCode, requiredText, rowProblems, screenSide, text, timestamp } from '../import-row.schema.js';

export const SimpleAnalyticsRowSchema = z.object({
  added_iso: timestamp,
  uuid: text(64),
  session_id: requiredText(64),
  datapoint: z.string().max(256, 'At most 256 characters').default('pageview').transform((value) => value || 'pageview'),
  hostname: text(253),
  path: text(2048),
  query: text(2048),
  document_referrer: text(2301),
  country_code: countryCode,
  lang_language: text(35),
  lang_region: text(35),
  screen_width: screenSide,
  screen_height: screenSide,
  user_agent: text(1024),
  utm_source: text(255),
  utm_medium: text(255),
  utm_campaign: text(255),
  utm_content: text(255),
  utm_term: text(255),
});

/** The `ref=` of the query string, which Simple Analytics counts as the UTM source when no utm_source is there. */
function refOf(query: string): string {
  const params = new URLSearchParams(query);
  return params.has('utm_source') ? '' : (params.get('ref') ?? '').slice(0, 255);
}

export function simpleAnalyticsRow(raw: unknown, context: MappingContext): MappedRow {
  const parsed = SimpleAnalyticsRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const row = parsed.data;
  const ua = parseUserAgent(row.user_agent, { width: row.screen_width, height: row.screen_height });
  const pageview = row.datapoint === 'pageview';
  return importedEventRow({
    at: row.added_iso,
    visit: row.session_id,
    visitor: row.session_id,
    identifiedUserId: '',
    type: pageview ? 'pageview' : 'custom_event',
    eventName: pageview ? '' : row.datapoint,
    props: '',
    hostname: row.hostname,
    pathname: row.path,
    querystring: row.query.replace(/^\?/, ''),
    pageTitle: '',
    referrer: row.document_referrer,
    utm: {
      utm_source: row.utm_source || refOf(row.query),
      utm_medium: row.utm_medium,
      utm_campaign: row.utm_campaign,
      utm_content: row.utm_content,
      utm_term: row.utm_term,
    },
    browser: ua.browser,
    browserVersion: ua.browser_version,
    operatingSystem: ua.operating_system,
    operatingSystemVersion: ua.operating_system_version,
    deviceType: ua.device_type,
    language: row.lang_region === '' ? row.lang_language : `${row.lang_language}-${row.lang_region.toUpperCase()}`,
    country: row.country_code,
    region: '',
    city: '',
    screenWidth: row.screen_width,
    screenHeight: row.screen_height,
    sourceEventId: row.uuid,
  }, 'simple_analytics', context);
}
