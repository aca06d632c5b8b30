// What the enrichment steps share about one spooled event, filled in as they run.
import type { BotVerdict } from '../../classifiers/bots/bot-detector.js';
import type { GeoLocation } from '../../classifiers/geolocator.js';
import type { UrlParameters, UtmFields } from '../../classifiers/url-parameters.js';
import type { UserAgentFields } from '../../classifiers/user-agent.js';
import type { SessionVisit } from '../../platform/shared-state/session-store.js';
import type { IntakeRecord } from '../intake-record.js';

/** The event's page facts: host, stored referrer, channel, URL parameters and UTM fields. */
export interface PageFacts {
  readonly hostname: string;
  readonly referrer: string;
  readonly channel: string;
  readonly urlParameters: Readonly<UrlParameters>;
  readonly utm: UtmFields;
}

export interface EnrichContext {
  readonly record: IntakeRecord;
  ua?: UserAgentFields;
  geo?: GeoLocation;
  bot?: BotVerdict;
  page?: PageFacts;
  session?: SessionVisit;
}
