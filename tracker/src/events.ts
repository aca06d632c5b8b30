// Builds event payloads for the current page (hash routes, skip and mask globs, URL parameters) and sends them.
import { botSignals } from './bot-signals.js';
import { post } from './send.js';
import type { TagConfig } from './tag-config.js';
import type { EventType, Extra, Properties, SiteToggles } from './types.js';

/** The path reported for the current location: a `#/route` hash stands for the path in hash-routed apps. */
export function currentPath(): string {
  const hash = location.hash;
  return hash.startsWith('#/') ? hash.slice(1) : location.pathname;
}

/** Path and query: a change of either is a new page for SPA navigation. */
export const here = () => currentPath() + location.search;

export type Sender = (type: EventType, name?: string, properties?: Properties, extra?: Extra) => void;

export function makeSender(tag: TagConfig, toggles: SiteToggles, user: () => string | null): Sender {
  const [mask, score] = botSignals();
  return (type, name = '', properties, extra) => {
    // patterns.js, when the tag has globs, maps the path ('' = skip); it is loaded before anything is sent.
    const route = (window as unknown as Record<string, ((path: string) => string) | undefined>)['_' + tag.ns + 'Path'];
    const path = route ? route(currentPath()) : currentPath();
    if (!path) return;
    post(tag.api + '/api/track', {
      site_id: tag.site,
      type,
      hostname: location.hostname,
      pathname: path,
      querystring: toggles.trackUrlParams ? location.search : '',
      page_title: document.title,
      referrer: document.referrer,
      language: navigator.language,
      screenWidth: screen.width,
      screenHeight: screen.height,
      event_name: name,
      properties: properties && JSON.stringify(properties),
      ...extra,
      user_id: user() || undefined,
      tag: tag.tag || undefined,
      _bs: score,
      _bsm: mask,
    });
  };
}
