// The header_heuristics layer's score, kept per distinct set of headers and claimed browser: a visitor sends the
// same headers with every event, and most visitors' browsers send the same few sets, so the rules run once per set.
import { LRUCache } from 'lru-cache';
import type { BrowserClaim } from './browser-claim.js';
import { type HeaderScore, type RequestHeaders, scoreHeaderHeuristics } from './score-header-heuristics.js';

export type HeaderScorer = (headers: RequestHeaders, browser: BrowserClaim | null) => HeaderScore;

export interface HeaderScoreCacheOptions {
  /** Distinct header sets kept; default 10,000. */
  readonly maxEntries?: number;
  /** Header sets whose key is longer are scored without being kept, so the cache's memory stays bounded. */
  readonly maxKeyLength?: number;
  readonly score?: HeaderScorer;
}

const DEFAULT_ENTRIES = 10_000;
const DEFAULT_KEY_LENGTH = 2048;

/**
 * The key of a header set and claimed browser: every name and value with its length before it, so two
 * different sets never share a key. Undefined for a set the cache does not keep (a repeated header's list).
 */
export function headerSetKey(headers: RequestHeaders, browser: BrowserClaim | null, maxLength: number): string | undefined {
  let key = browser === null ? '-' : `${browser.family}${browser.major}`;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return undefined;
    key += `|${name.length}:${name}${value.length}:${value}`;
    if (key.length > maxLength) return undefined;
  }
  return key;
}

/** A scorer that answers as `scoreHeaderHeuristics` (with its default rules and weights) and keeps its answers. */
export function createHeaderScoreCache(options: HeaderScoreCacheOptions = {}): HeaderScorer {
  const score = options.score ?? ((headers, browser) => scoreHeaderHeuristics(headers, browser));
  const maxKeyLength = options.maxKeyLength ?? DEFAULT_KEY_LENGTH;
  const cache = new LRUCache<string, HeaderScore>({ max: options.maxEntries ?? DEFAULT_ENTRIES });
  return (headers, browser) => {
    const key = headerSetKey(headers, browser, maxKeyLength);
    if (key === undefined) return score(headers, browser);
    let known = cache.get(key);
    if (known === undefined) {
      const fresh = score(headers, browser);
      // Shared by every event with this set: frozen, so no reader can change another event's answer.
      known = Object.freeze({ ...fresh, signals: Object.freeze([...fresh.signals]) });
      cache.set(key, known);
    }
    return known;
  };
}
