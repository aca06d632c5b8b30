// The API shapes the realtime, settings and API key pages read, derived from schema.d.ts; better-auth's
// api-key routes declare no response schema, so their narrow types (the fields used) are written here.
import type { GetResponse, PostBody, PostResponse, PutBody, SiteRecord } from './types';

/** The JSON body PUT /api/sites/{site}/config takes. */
export type SiteConfigBody = PutBody<'/api/sites/{site}/config'>;

/** The boolean tracking settings the settings page offers as switches. */
export const TRACKING_TOGGLES = [
  'trackInitialPageView', 'trackSpaNavigation', 'trackUrlParams', 'trackOutbound', 'trackErrors', 'webVitals',
  'trackButtonClicks', 'trackCopy', 'trackFormSubmit', 'trackInputChange', 'blockBots',
] as const satisfies ReadonlyArray<keyof SiteRecord & keyof SiteConfigBody>;
export type TrackingToggle = (typeof TRACKING_TOGGLES)[number];

export const EXCLUSION_LISTS = [
  'excludedIPs', 'excludedCountries', 'excludedPaths', 'excludedHostnames', 'excludedUserAgents',
] as const satisfies ReadonlyArray<keyof SiteRecord & keyof SiteConfigBody>;
export type ExclusionList = (typeof EXCLUSION_LISTS)[number];

/** GET /api/sites/{site}/events: a page (with its cursor) without since_timestamp, every newer event with it. */
type EventsAnswer = GetResponse<'/api/sites/{site}/events'>;
export type EventsPage = Extract<EventsAnswer, { cursor: unknown }>;
export type EventsSince = Exclude<EventsAnswer, { cursor: unknown }>;
/** One event of the feed; timestamp is `YYYY-MM-DD HH:MM:SS.mmm` UTC. */
export type FeedEvent = EventsAnswer['data'][number];

export type NewApiKey = PostBody<'/api/user/api-keys'>;
/** POST /api/user/api-keys or /api/organizations/{org}/api-keys: the key itself is in this answer only. */
export type CreatedApiKey = PostResponse<'/api/user/api-keys'> | PostResponse<'/api/organizations/{organizationId}/api-keys'>;

/** A key as better-auth's GET /api/auth/api-key/list returns it (never the secret; declares no response schema). */
export interface ListedApiKey {
  id: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  enabled: boolean;
  expiresAt: string | null;
  createdAt: string;
  permissions: Record<string, string[]> | null;
}
/** better-auth's GET /api/auth/api-key/list. */
export interface ApiKeyList { apiKeys: ListedApiKey[]; total: number }
/** better-auth's POST /api/auth/api-key/delete (declares no response schema). */
export interface RevokedApiKey { success: boolean }
