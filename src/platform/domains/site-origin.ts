// Whether a browser call comes from a site's own pages: its Origin (or Referer) host within the site's domain.
import { getDomain } from 'tldts';
import { isIP } from 'node:net';

/** The lowercased host of an origin or URL, brackets of IPv6 removed; undefined when it does not parse. */
export function hostOf(originOrUrl: string): string | undefined {
  try {
    return new URL(originOrUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

/** True when `host` may send events for a site on `domain`. localhost and IPs compare as-is. */
export function originMatches(host: string, domain: string): boolean {
  const site = domain.toLowerCase();
  if (host === site || host.endsWith(`.${site}`)) return true;
  if (host === 'localhost' || isIP(host) !== 0 || site === 'localhost' || isIP(site) !== 0) return false;
  const registrable = getDomain(site) ?? site;
  return host === registrable || host.endsWith(`.${registrable}`);
}
