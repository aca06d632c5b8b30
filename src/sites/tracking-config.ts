// What the tracking script reads about a site (GET /api/site/tracking-config/{site}): its ids, domain and toggles.
import { z } from 'zod';
import type { Site } from './site.js';
import { trackFormInteractionsOf } from './origin-site-settings.js';

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
  sessionReplay: z.boolean(),
  trackButtonClicks: z.boolean().describe('report clicks on buttons'),
  trackCopy: z.boolean().describe('report text copied from the page'),
  trackFormSubmit: z.boolean().describe('report form submissions'),
  trackInputChange: z.boolean().describe('report changed form fields, never their values'),
  trackFormInteractions: z.boolean().describe("the origin service's single form toggle: true only when trackFormSubmit and trackInputChange both are"),
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
    trackButtonClicks: site.trackButtonClicks,
    trackCopy: site.trackCopy,
    trackFormSubmit: site.trackFormSubmit,
    trackInputChange: site.trackInputChange,
    trackFormInteractions: trackFormInteractionsOf(site),
  };
}
