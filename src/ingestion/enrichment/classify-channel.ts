// Enrichment step: referrer cleanup, URL parameters and UTM fields, and the channel of the event.
import { LRUCache } from 'lru-cache';
import { classifyChannel as classify } from '../../classifiers/channels/channel-classifier.js';
import { cleanReferrer } from '../../classifiers/referrer.js';
import { parseUrlParameters, utmFields } from '../../classifiers/url-parameters.js';
import type { EnrichContext, PageFacts } from './enrich-context.js';
import { ok, type Step } from '../pipeline.js';

export interface ChannelCacheOptions {
  /** Distinct (hostname, referrer, query string) triples kept; default 10,000. */
  readonly maxEntries?: number;
  /** Triples whose key is longer are classified without being kept, so the cache's memory stays bounded. */
  readonly maxKeyLength?: number;
}

const DEFAULT_ENTRIES = 10_000;
const DEFAULT_KEY_LENGTH = 2048;

/** The page facts of an event, which depend on its hostname (lower-cased), raw referrer and query string alone. */
export function pageFacts(hostname: string, rawReferrer: string, querystring: string): PageFacts {
  const urlParameters = parseUrlParameters(querystring);
  return {
    hostname,
    referrer: cleanReferrer(rawReferrer, hostname),
    channel: classify({ referrer: rawReferrer, hostname, urlParameters }),
    urlParameters,
    utm: utmFields(urlParameters),
  };
}

/**
 * Most events repeat a triple (a site's own pages as referrers, the same search engines and campaign links),
 * so the facts are kept per distinct triple; the key puts each part's length before it, so no two triples share one.
 * A kept answer is frozen: every event with the triple holds the same objects.
 */
export function classifyChannel(options: ChannelCacheOptions = {}): Step<EnrichContext> {
  const cache = new LRUCache<string, PageFacts>({ max: options.maxEntries ?? DEFAULT_ENTRIES });
  const maxKeyLength = options.maxKeyLength ?? DEFAULT_KEY_LENGTH;
  return {
    name: 'classify-channel',
    run(context) {
      const { payload } = context.record;
      const hostname = (payload.hostname ?? '').toLowerCase();
      const rawReferrer = payload.referrer ?? '';
      const querystring = payload.querystring ?? '';
      const key = `${hostname.length}:${rawReferrer.length}:${hostname}${rawReferrer}${querystring}`;
      if (key.length > maxKeyLength) {
        context.page = pageFacts(hostname, rawReferrer, querystring);
        return ok();
      }
      let facts = cache.get(key);
      if (facts === undefined) {
        const fresh = pageFacts(hostname, rawReferrer, querystring);
        facts = Object.freeze({ ...fresh, urlParameters: Object.freeze(fresh.urlParameters), utm: Object.freeze(fresh.utm) });
        cache.set(key, facts);
      }
      context.page = facts;
      return ok();
    },
  };
}
