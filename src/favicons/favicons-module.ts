// Wires the favicon route: a cache over a fetcher when the instance fetches favicons (FAVICONS), none otherwise,
// bound to the hosts seen as referrers of the site asked about (seen-referrers.query.ts).
import type { FastifyInstance } from 'fastify';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import { FaviconCache } from './favicon-cache.js';
import { FaviconFetcher, type FaviconFetcherOptions } from './favicon-fetcher.js';
import { faviconsRoutes } from './favicons.routes.js';
import { SeenReferrers } from './seen-referrers.query.js';

export interface FaviconsModuleDeps {
  readonly guards: Guards;
  /** Where the site's referrers are looked up. */
  readonly analytics: AnalyticsStore;
  /** FAVICONS: off on an instance without internet (the route then answers 204 and the page draws a letter). */
  readonly enabled: boolean;
  readonly fetcher: FaviconFetcherOptions;
}

export async function registerFavicons(app: FastifyInstance, deps: FaviconsModuleDeps): Promise<void> {
  let cache: FaviconCache | undefined;
  if (deps.enabled) {
    const fetcher = new FaviconFetcher(deps.fetcher);
    cache = new FaviconCache((domain) => fetcher.fetch(domain));
  }
  await app.register(faviconsRoutes, { guards: deps.guards, cache, referrers: new SeenReferrers(deps.analytics) });
}
