// The API shapes the realtime, settings and API key pages read: from schema.d.ts where routes declare them,
// narrow hand-written ones (naming their route) where they do not.
import type { paths } from './schema';
import type { PostBody, Site } from './types';

/** The JSON body PUT /api/sites/{site}/config takes. */
export type SiteConfigBody = paths['/api/sites/{site}/config'] extends { put: { requestBody: { content: { 'application/json': infer B } } } } ? B : never;

/** The boolean tracking settings the settings page offers as switches. */
export const TRACKING_TOGGLES = [
  'trackInitialPageView', 'trackSpaNavigation', 'trackUrlParams', 'trackOutbound', 'trackErrors', 'webVitals',
  'trackButtonClicks', 'trackCopy', 'trackFormSubmit', 'trackInputChange', 'blockBots',
] as const;
export type TrackingToggle = (typeof TRACKING_TOGGLES)[number];

export const EXCLUSION_LISTS = ['excludedIPs', 'excludedCountries', 'excludedPaths', 'excludedHostnames', 'excludedUserAgents'] as const;
export type ExclusionList = (typeof EXCLUSION_LISTS)[number];

/** GET /api/sites/{site} with its settings (the route declares no response schema). */
export type SiteRecord = Site & { public: boolean } & Record<TrackingToggle, boolean> & Record<ExclusionList, string[]>;

/** GET /api/sites/{site}/live-user-count (no response schema). */

/** One event of GET /api/sites/{site}/events (no response schema); timestamp is `YYYY-MM-DD HH:MM:SS.mmm` UTC. */
export interface FeedEvent {
  timestamp: string;
  type: string;
  event_name: string;
  pathname: string;
  hostname: string;
  page_title: string;
  session_id: string;
  country: string;
  browser: string;
  device_type: string;
}
export interface EventsPage { data: FeedEvent[]; cursor: { hasMore: boolean; oldestTimestamp: string | null } }
export interface EventsSince { data: FeedEvent[] }

export type NewApiKey = PostBody<'/api/user/api-keys'>;

/** A key as better-auth's GET /api/auth/api-key/list returns it (never the secret). */
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
export interface ApiKeyList { apiKeys: ListedApiKey[]; total: number }

/** POST /api/user/api-keys and /api/organizations/{org}/api-keys: the key itself is in this answer only. */
export interface CreatedApiKey { id: string; key: string; name: string | null }
