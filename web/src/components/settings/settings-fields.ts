// The settings forms' pure pieces: one list item per line, and the labels of the tracking switches and exclusion lists.
import type { ExclusionList, TrackingToggle } from '../../api/settings-types';

/** The non-empty, trimmed lines of a textarea. */
export function linesOf(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

export const TOGGLE_LABELS: Record<TrackingToggle, { label: string; hint: string }> = {
  trackInitialPageView: { label: 'Track the first pageview', hint: 'Send a pageview when a page loads' },
  trackSpaNavigation: { label: 'Track single-page navigation', hint: 'Send a pageview when the address changes without a reload' },
  trackUrlParams: { label: 'Keep URL parameters', hint: 'Record the query string with each page' },
  trackOutbound: { label: 'Track outbound links', hint: 'Record clicks on links to other sites' },
  trackErrors: { label: 'Track JavaScript errors', hint: 'Record uncaught errors' },
  webVitals: { label: 'Measure Web Vitals', hint: 'Record LCP, CLS, INP, FCP and TTFB' },
  trackButtonClicks: { label: 'Track button clicks', hint: 'Record clicks on buttons' },
  trackCopy: { label: 'Track copying', hint: 'Record text copied from the page' },
  trackFormSubmit: { label: 'Track form submissions', hint: 'Record submitted forms (never their values)' },
  trackInputChange: { label: 'Track input changes', hint: 'Record which fields change (never their values)' },
  blockBots: { label: 'Filter out bots', hint: 'Drop visits from crawlers and automated browsers' },
};

export const EXCLUSION_LABELS: Record<ExclusionList, { label: string; hint: string }> = {
  excludedIPs: { label: 'Excluded IP addresses', hint: 'One IP address or CIDR range per line, e.g. 203.0.113.0/24' },
  excludedCountries: { label: 'Excluded countries', hint: 'One two-letter country code per line, e.g. FR' },
  excludedPaths: { label: 'Excluded paths', hint: 'One path per line; * matches any characters, e.g. /admin/*' },
  excludedHostnames: { label: 'Excluded host names', hint: 'One host name per line; * matches any characters, e.g. *.staging.example.com' },
  excludedUserAgents: { label: 'Excluded user agents', hint: 'One text per line; a visit whose user agent contains it is dropped' },
};

/** The scopes an API key may carry, `resource:action` (the API's list). */
export const KEY_SCOPES = [
  'analytics:read', 'sessions:read', 'events:read', 'users:read', 'users:write', 'goals:read', 'goals:write', 'funnels:read',
  'funnels:write', 'annotations:read', 'annotations:write', 'segments:read', 'segments:write', 'sites:read', 'sites:write',
  'ingest:write', 'webhooks:read', 'webhooks:write', 'imports:read', 'imports:write', 'replay:read',
] as const;

/** Common choices of scopes: every read, sending events only, or the owner's full access (no scope checked). */
export const SCOPE_PRESETS: ReadonlyArray<{ readonly key: 'read' | 'tracking' | 'full'; readonly label: string; readonly hint: string; readonly scopes: readonly string[] }> = [
  { key: 'read', label: 'Read-only', hint: 'Reads reports, sessions, events and settings; changes nothing', scopes: KEY_SCOPES.filter((scope) => scope.endsWith(':read')) },
  { key: 'tracking', label: 'Tracking', hint: 'Sends events (server-side tracking) and nothing else', scopes: ['ingest:write'] },
  { key: 'full', label: 'Full access', hint: "Everything the key's owner may do", scopes: [] },
];

/** The preset whose scopes are exactly `chosen`, or undefined (a custom choice). */
export function presetOf(chosen: ReadonlySet<string>): (typeof SCOPE_PRESETS)[number]['key'] | undefined {
  return SCOPE_PRESETS.find((preset) => preset.scopes.length === chosen.size && preset.scopes.every((scope) => chosen.has(scope)))?.key;
}

/** The API's `permissions` object from the chosen scopes; undefined (full access) when none is chosen. */
export function permissionsOf(scopes: readonly string[]): Record<string, string[]> | undefined {
  const permissions: Record<string, string[]> = {};
  for (const scope of scopes) {
    const [resource, action] = scope.split(':');
    if (resource && action) (permissions[resource] ??= []).push(action);
  }
  return Object.keys(permissions).length === 0 ? undefined : permissions;
}

/** `{analytics: ['read']}` -> "analytics:read"; null or empty -> full access. */
export function scopesText(permissions: Record<string, string[]> | null | undefined): string {
  const scopes = Object.entries(permissions ?? {}).flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}`));
  return scopes.length === 0 ? 'Full access' : scopes.join(', ');
}
