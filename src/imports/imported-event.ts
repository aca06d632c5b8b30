// An event read from another tool's export, in Loupe's terms, and the events row it is stored as.
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';
import { classifyChannel } from '../classifiers/channels/channel-classifier.js';
import { cleanReferrer } from '../classifiers/referrer.js';
import { parseUrlParameters, utmFields, type UtmFields } from '../classifiers/url-parameters.js';
import { deviceTypeFromScreen } from '../classifiers/user-agent.js';
import { derivedUInt64, derivedUuid } from './derived-ids.js';
import { storeTime } from './import-time.js';
import type { ImportPlatform } from './import-platforms.js';
import type { MappedRow, MappingContext } from './mapped-row.js';

export interface ImportedEvent {
  /** Epoch milliseconds, UTC. */
  readonly at: number;
  /** The source's id of the visit the event belongs to. */
  readonly visit: string;
  /** The source's id of the visitor (device). */
  readonly visitor: string;
  readonly identifiedUserId: string;
  readonly type: 'pageview' | 'custom_event' | 'performance';
  readonly eventName: string;
  /** Custom properties as JSON text, '' without any. */
  readonly props: string;
  readonly hostname: string;
  readonly pathname: string;
  /** Without the leading `?`. */
  readonly querystring: string;
  readonly pageTitle: string;
  /** The referrer URL as the source had it ('' for none). */
  readonly referrer: string;
  /** UTM values the source kept apart from the query string; those missing are read from the query string. */
  readonly utm: Partial<UtmFields>;
  readonly browser: string;
  readonly browserVersion: string;
  readonly operatingSystem: string;
  readonly operatingSystemVersion: string;
  /** '' when the source does not say: the screen width decides then. */
  readonly deviceType: string;
  readonly language: string;
  readonly country: string;
  readonly region: string;
  readonly city: string;
  readonly screenWidth: number;
  readonly screenHeight: number;
  /** The source's own id of the event, when it has one. */
  readonly sourceEventId: string;
  /** Web vitals of a performance event (null where the source has none). */
  readonly vitals?: WebVitals;
}

export interface WebVitals {
  readonly lcp: number | null;
  readonly cls: number | null;
  readonly inp: number | null;
  readonly fcp: number | null;
  readonly ttfb: number | null;
}

const DAY_MS = 86_400_000;

/** The vitals a performance event has, as columns (a missing one stays NULL). */
function vitalColumns(vitals: WebVitals): AnalyticsRow {
  return Object.fromEntries(Object.entries(vitals).filter((entry) => entry[1] !== null));
}

/** UTM values: the source's own when set, else those of the query string. */
function utmOf(event: ImportedEvent, fromQuery: UtmFields): UtmFields {
  const pick = (name: keyof UtmFields) => event.utm[name] || fromQuery[name];
  return {
    utm_source: pick('utm_source'),
    utm_medium: pick('utm_medium'),
    utm_campaign: pick('utm_campaign'),
    utm_term: pick('utm_term'),
    utm_content: pick('utm_content'),
  };
}

/**
 * The events row of an imported event. Its id is derived from the site, the platform and the event's
 * content (or the source's event id), so importing it again, by any import, finds it already stored. Its
 * session is the source's visit within one UTC day and this import: the session starts at that day's
 * midnight, which every event of the session shares (batches may split a visit), and holds only this
 * import's events, so deleting the import removes its session rows whole.
 */
export function importedEventRow(event: ImportedEvent, platform: ImportPlatform, context: MappingContext): MappedRow {
  const day = Math.floor(event.at / DAY_MS) * DAY_MS;
  const hostname = event.hostname.toLowerCase();
  const urlParameters = parseUrlParameters(event.querystring);
  const utm = utmOf(event, utmFields(urlParameters));
  // The channel reads the UTM values the source kept apart too, not only those of the query string.
  const tagged = { ...urlParameters, ...Object.fromEntries(Object.entries(utm).filter((entry) => entry[1] !== '')) };
  const eventId = derivedUuid([String(context.siteId), platform, event.sourceEventId || JSON.stringify(event)]);
  const row: AnalyticsRow = {
    site_id: context.siteId,
    timestamp: storeTime(event.at),
    event_id: eventId,
    session_id: derivedUInt64([context.importId, event.visit, String(day)]),
    session_start: storeTime(day),
    user_id: event.visitor,
    identified_user_id: event.identifiedUserId,
    type: event.type,
    event_name: event.eventName,
    props: event.props,
    hostname,
    pathname: event.pathname,
    querystring: event.querystring,
    url_parameters: urlParameters,
    page_title: event.pageTitle,
    referrer: cleanReferrer(event.referrer, hostname),
    channel: classifyChannel({ referrer: event.referrer, hostname, urlParameters: tagged }),
    ...utm,
    browser: event.browser,
    browser_version: event.browserVersion,
    operating_system: event.operatingSystem,
    operating_system_version: event.operatingSystemVersion,
    device_type: event.deviceType || deviceTypeFromScreen({ width: event.screenWidth, height: event.screenHeight }),
    language: event.language,
    country: event.country,
    region: event.region,
    city: event.city,
    screen_width: event.screenWidth,
    screen_height: event.screenHeight,
    import_id: context.importId,
    ...(event.type === 'performance' && event.vitals ? vitalColumns(event.vitals) : {}),
  };
  return { kind: 'event', row, eventId, at: event.at };
}
