// The core's start-up once the site's toggles are known: pageviews, clicks, modules, and the window API.
import { installApi } from './api.js';
import { watchClicks } from './clicks.js';
import { here, makeSender } from './events.js';
import { loadModule } from './modules.js';
import { post } from './send.js';
import type { TagConfig } from './tag-config.js';
import type { Properties, SiteToggles } from './types.js';

export function startTracking(tag: TagConfig, toggles: SiteToggles): void {
  const key = tag.ns + '-user-id';
  let uid: string | null = null;
  try {
    uid = localStorage[key] || null;
  } catch {
    // Storage blocked: the visitor stays anonymous.
  }
  const send = makeSender(tag, toggles, () => uid);
  const remember = (value: string | null) => {
    uid = value;
    try {
      if (value) localStorage[key] = value;
      else delete localStorage[key];
    } catch {
      // Storage full or blocked: the id lasts for this page only.
    }
  };
  const identify = (traits?: Properties) => post(tag.api + '/api/identify', { site_id: tag.site, user_id: uid, ...(traits ? { traits } : {}) });
  const pageview = () => send('pageview');
  const outbound = (url: string, text?: string, target?: string) => send('outbound', '', { url, text: text || '', target: target || '_self' });

  // The initial pageview goes first, then the calls the page queued before the script was ready.
  if (toggles.trackInitialPageView) pageview();
  installApi(tag.ns, {
    pageview,
    event: (name, properties, revenue) => send('custom_event', name, properties || {}, { revenue }),
    error: (error, properties) =>
      send('error', error.name || 'Error', { message: error.message, stack: error.stack?.slice(0, 2000), ...properties }),
    trackOutbound: outbound,
    identify(userId, traits) {
      const id = userId?.trim?.();
      if (id) {
        remember(id);
        identify(traits);
      }
    },
    setTraits: (traits) => uid && identify(traits),
    clearUserId: () => remember(null),
    getUserId: () => uid,
  }, { t: send, c: toggles, n: tag.ns, l: here() });

  watchClicks(send, tag.ns, !!toggles.trackOutbound && outbound);
  // Inlined, not named: the core's every byte counts (2,048 gzipped).
  for (const [on, name] of [
    [1, 'engage'],
    [toggles.trackSpaNavigation, 'spa'],
    [toggles.webVitals, 'metrics'],
    [toggles.trackErrors, 'errors'],
    [toggles.trackButtonClicks || toggles.trackCopy || toggles.trackFormSubmit || toggles.trackInputChange, 'interactions'],
  ] as [unknown, string][]) if (on) loadModule(tag.dir, name, tag.ns, { 'debounce': tag.debounce });
}
