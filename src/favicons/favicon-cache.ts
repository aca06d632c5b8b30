// Favicons by domain, kept in memory: a found one for a day, a missing one for an hour; one fetch per domain at a time.
import { LRUCache } from 'lru-cache';
import type { Favicon } from './favicon-fetcher.js';

export const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
export const MISSING_TTL_MS = 60 * 60 * 1000;
const MAX_DOMAINS = 2_000;

type Entry = { readonly favicon: Favicon | undefined };

export class FaviconCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_DOMAINS });
  private readonly pending = new Map<string, Promise<Favicon | undefined>>();

  constructor(private readonly fetchFavicon: (domain: string) => Promise<Favicon | undefined>) {}

  /** The cached answer for `domain`, else one fetch shared by every caller asking meanwhile. */
  async get(domain: string): Promise<Favicon | undefined> {
    const cached = this.entries.get(domain);
    if (cached) return cached.favicon;
    const running = this.pending.get(domain);
    if (running) return running;
    const fetching = this.fetchFavicon(domain)
      .then((favicon) => {
        this.entries.set(domain, { favicon }, { ttl: favicon ? FOUND_TTL_MS : MISSING_TTL_MS });
        return favicon;
      })
      .finally(() => this.pending.delete(domain));
    this.pending.set(domain, fetching);
    return fetching;
  }
}
