// Shapes shared by the core and its lazily loaded modules: the site's toggles and the core handle modules use.
export type EventType =
  | 'pageview'
  | 'custom_event'
  | 'performance'
  | 'outbound'
  | 'error'
  | 'button_click'
  | 'copy'
  | 'form_submit'
  | 'input_change'
  | 'engagement';

/** The answer of GET /api/site/tracking-config/{site}; toggles the server does not know yet read as false. */
export interface SiteToggles {
  domain?: string;
  trackErrors?: boolean;
  webVitals?: boolean;
  trackOutbound?: boolean;
  trackUrlParams?: boolean;
  trackInitialPageView?: boolean;
  trackSpaNavigation?: boolean;
  trackButtonClicks?: boolean;
  trackCopy?: boolean;
  trackFormSubmit?: boolean;
  trackInputChange?: boolean;
  trackDownloads?: boolean;
  downloadExtensions?: string[];
  sessionReplay?: boolean;
  replaySampleRate?: number;
  replayMaskTextSelectors?: string[];
}

export type Properties = Record<string, unknown>;

/** What a purchase brought in: an amount (number or decimal text) and its ISO 4217 currency. */
export interface Revenue {
  amount: number | string;
  currency: string;
}

/** Top-level payload fields beside the common ones (web vitals numbers, revenue, an engagement's figures and page). */
export type Extra = Record<string, number | string | null | Revenue | undefined>;

/** What the core hands to its modules (as `window[namespace]._`). */
export interface Core {
  /** Sends one event of `type` for the current page (skipped on skip-pattern paths). */
  t(type: EventType, name?: string, properties?: Properties, extra?: Extra): void;
  /** The site's toggles. */
  c: SiteToggles;
  /** The namespace, for data attributes. */
  n: string;
  /** Path and query when tracking started (the SPA module's starting point). */
  l: string;
}
