// What the tracking script reads about a site (GET /api/site/tracking-config/{site}): its ids, domain and toggles,
// answered only to the site's own pages so that no one can walk the numeric ids to list every tenant's domain.
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { hostOf, originMatches } from '../platform/domains/site-origin.js';
import type { Site } from './site.js';
import { trackFormInteractionsOf } from './rybbit-site-settings.js';

export const TrackingConfigSchema = z.object({
  siteId: z.number().int(),
  id: z.string(),
  domain: z.string(),
  trackErrors: z.boolean().describe('report uncaught errors and unhandled rejections from the page\'s own origin'),
  webVitals: z.boolean().describe('load the metrics module and report LCP, CLS, INP, FCP and TTFB'),
  trackOutbound: z.boolean().describe('report clicks on links to other hosts'),
  trackUrlParams: z.boolean().describe('keep query strings in reported URLs'),
  trackInitialPageView: z.boolean().describe('report a pageview when the script loads'),
  trackSpaNavigation: z.boolean().describe('report pageviews on history and hash navigation'),
  sessionReplay: z.boolean().describe('load the replay module and record the session (when sampled)'),
  replaySampleRate: z.number().int().describe('percent of browser sessions recorded, 0..100'),
  replayMaskTextSelectors: z.array(z.string()).describe('CSS selectors whose text recordings mask'),
  trackButtonClicks: z.boolean().describe('report clicks on buttons'),
  trackCopy: z.boolean().describe('report text copied from the page'),
  trackFormSubmit: z.boolean().describe('report form submissions'),
  trackInputChange: z.boolean().describe('report changed form fields, never their values'),
  trackFormInteractions: z.boolean().describe("Rybbit's single form toggle: true only when trackFormSubmit and trackInputChange both are"),
  trackDownloads: z.boolean().describe('report clicks on links to files with one of downloadExtensions, as file_download custom events'),
  downloadExtensions: z.array(z.string()).describe('file extensions (lower case, no dot) trackDownloads reports'),
});

export type TrackingConfig = z.infer<typeof TrackingConfigSchema>;

export function trackingConfigOf(site: Site): TrackingConfig {
  return {
    siteId: site.siteId,
    id: site.id,
    domain: site.domain,
    trackErrors: site.trackErrors,
    webVitals: site.webVitals,
    trackOutbound: site.trackOutbound,
    trackUrlParams: site.trackUrlParams,
    trackInitialPageView: site.trackInitialPageView,
    trackSpaNavigation: site.trackSpaNavigation,
    sessionReplay: site.sessionReplay,
    replaySampleRate: site.replaySampleRate,
    replayMaskTextSelectors: site.replayMaskTextSelectors,
    trackButtonClicks: site.trackButtonClicks,
    trackCopy: site.trackCopy,
    trackFormSubmit: site.trackFormSubmit,
    trackInputChange: site.trackInputChange,
    trackFormInteractions: trackFormInteractionsOf(site),
    trackDownloads: site.trackDownloads,
    downloadExtensions: site.downloadExtensions,
  };
}

/** The page a browser call comes from: its Origin, else (same-origin GETs carry none) its Referer. */
function callerHost(headers: IncomingHttpHeaders): string | undefined {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== '' && origin !== 'null') return hostOf(origin);
  const referer = headers.referer;
  return typeof referer === 'string' && referer !== '' ? hostOf(referer) : undefined;
}

/**
 * The site's config when the call comes from one of its own pages (the rule of the tracking call's origin check),
 * or from anywhere when the operator turned that check off; undefined otherwise, which the route answers exactly
 * as it answers an unknown site.
 */
export function trackingConfigFor(site: Site | undefined, headers: IncomingHttpHeaders, options: { originCheck: boolean }): TrackingConfig | undefined {
  if (!site) return undefined;
  if (!options.originCheck) return trackingConfigOf(site);
  const host = callerHost(headers);
  return host !== undefined && originMatches(host, site.domain) ? trackingConfigOf(site) : undefined;
}
