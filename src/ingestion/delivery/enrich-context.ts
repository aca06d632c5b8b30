// What the enrichment steps share about one spooled event, filled in as they run.
import type { BotVerdict } from '../bots/bot-detector.js';
import type { GeoLocation } from '../enrichment/geolocator.js';
import type { UrlParameters, UtmFields } from '../enrichment/url-parameters.js';
import type { UserAgentFields } from '../enrichment/user-agent.js';
import type { SessionVisit } from '../../platform/shared-state/session-store.js';
import type { IntakeRecord } from '../intake-record.js';

export interface EnrichContext {
  readonly record: IntakeRecord;
  ua?: UserAgentFields;
  geo?: GeoLocation;
  bot?: BotVerdict;
  page?: { hostname: string; referrer: string; channel: string; urlParameters: UrlParameters; utm: UtmFields };
  session?: SessionVisit;
}
