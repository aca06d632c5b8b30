// Step: a browser call's Origin must belong to the site's registrable domain (subdomains allowed).
import { hostOf, originMatches } from '../../platform/domains/site-origin.js';
import { drop, ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from './track-context.js';

/** A site's visitors send a handful of distinct Origin values: parse each once. */
const HOST_CACHE_SIZE = 1_000;
const hostsByOrigin = new Map<string, string | undefined>();

function originHost(origin: string): string | undefined {
  if (hostsByOrigin.has(origin)) return hostsByOrigin.get(origin);
  const host = hostOf(origin);
  if (hostsByOrigin.size >= HOST_CACHE_SIZE) hostsByOrigin.clear();
  hostsByOrigin.set(origin, host);
  return host;
}

export function checkOrigin(options: { disabled: boolean }): Step<TrackContext> {
  return {
    name: 'check-origin',
    run(context) {
      if (options.disabled || context.trusted) return ok();
      const origin = context.request.headers.origin;
      if (typeof origin !== 'string' || origin === '' || origin === 'null') return ok();
      const host = originHost(origin);
      if (host && originMatches(host, siteOf(context).domain)) return ok();
      return drop('origin_mismatch', { message: 'Origin mismatch' });
    },
  };
}
