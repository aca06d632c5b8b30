// The favicon proxy's bound: it fetches a favicon only for a host seen as a referrer of the site asked about (in
// the site's events, or in the sources it imported), so a reader of a site can make this server contact only the
// hosts that site's own traffic named, never any public host they choose. The site is one the caller may read
// (the route's guard), so a public site's readers are bound the same way. Answers are kept for an hour per site
// and host (a bounded map): a referrer card's rows cost one small query each, once.
import { LRUCache } from 'lru-cache';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';

const SEEN_TTL_MS = 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;

/** The host as the referrer breakdown shows it: without a leading `www.` (the stats engine's domainWithoutWWW). */
export const referrerHostOf = (domain: string) => domain.replace(/^www\./, '');

export class SeenReferrers {
  private readonly answers = new LRUCache<string, { readonly seen: boolean }>({ max: MAX_ENTRIES, ttl: SEEN_TTL_MS });

  constructor(private readonly store: AnalyticsStore) {}

  /** Whether `domain` (a checked host name) was a referrer of the site `siteId`. */
  async seen(siteId: number, domain: string): Promise<boolean> {
    const host = referrerHostOf(domain);
    const key = `${siteId} ${host}`;
    const cached = this.answers.get(key);
    if (cached) return cached.seen;
    const rows = await this.store.query<{ found: number }>(
      `SELECT 1 AS found FROM events
         WHERE site_id = {siteId:UInt32} AND referrer != '' AND domainWithoutWWW(referrer) = {host:String} LIMIT 1
       UNION ALL
       SELECT 1 AS found FROM imported_aggregates
         WHERE site_id = {siteId:UInt32} AND referrer != '' AND (referrer = {host:String} OR domainWithoutWWW(referrer) = {host:String}) LIMIT 1`,
      { siteId, host },
    );
    const seen = rows.length > 0;
    this.answers.set(key, { seen });
    return seen;
  }
}
