// What the ingestion steps share about one tracking request, filled in as the pipeline runs.
import type { Site } from '../sites/site.js';
import type { BotVerdict } from './bots/detect-bot.js';
import type { GeoLocation } from './enrichment/geolocate.js';
import type { UserAgentFields } from './enrichment/user-agent.js';
import type { UrlParameters, UtmFields } from './enrichment/url-parameters.js';
import type { TrackPayload } from './track.schema.js';

export interface TrackRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly socketIp: string;
  readonly bearerKey: string | undefined;
}

export interface TrackContext {
  readonly payload: TrackPayload;
  readonly request: TrackRequest;
  readonly nowMs: number;
  site?: Site;
  /** A valid key of the site's organization with ingest:write (or full access): skips bot and origin checks. */
  trusted: boolean;
  /** A valid API key came with the call: only key-less requests are ever classified as bots. */
  keyed?: boolean;
  ip: string;
  userAgent: string;
  ua?: UserAgentFields;
  geo?: GeoLocation;
  bot?: BotVerdict;
  page?: { hostname: string; referrer: string; channel: string; urlParameters: UrlParameters; utm: UtmFields };
  visitor?: { userId: string; sessionId: string };
}

export function siteOf(context: TrackContext): Site {
  if (!context.site) throw new Error('resolve-site must run first');
  return context.site;
}
