// A site's exclusion lists compiled into matchers (cached per site version).
import ipaddr from 'ipaddr.js';
import { compileWildcard, type WildcardMatcher } from '../../platform/wildcards/wildcard-matcher.js';
import type { Site } from '../../sites/index.js';

export interface ExclusionMatchers {
  ip(ip: string): boolean;
  country(country: string): boolean;
  path(pathname: string): boolean;
  hostname(hostname: string): boolean;
  userAgent(userAgent: string): boolean;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    const address = ipaddr.parse(ip);
    return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  } catch {
    return undefined;
  }
}

function compileRange(entry: string): Range | undefined {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = parseAddress(entry);
    return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `*` matches any run of characters (line breaks too); everything else is literal; anchored at both ends.
 * Paths and hostnames come from anyone, so no regex: the matcher's work is bounded by pattern x text.
 */
const wildcard = (pattern: string): WildcardMatcher => compileWildcard(pattern, { star: 'any', caseInsensitive: false });

export function compileExclusions(site: Site): ExclusionMatchers {
  const ranges = site.excludedIPs.map(compileRange).filter((range): range is Range => range !== undefined);
  const countries = new Set(site.excludedCountries.map((code) => code.toUpperCase()));
  const paths = site.excludedPaths.map((pattern) => wildcard(pattern));
  const hosts = site.excludedHostnames.map((pattern) => wildcard(pattern.toLowerCase()));
  const agents = site.excludedUserAgents.map((fragment) => fragment.toLowerCase());
  return {
    ip(ip) {
      if (ranges.length === 0) return false;
      const address = parseAddress(ip);
      return address !== undefined && ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
    },
    country: (country) => countries.has(country),
    path: (pathname) => paths.some((matcher) => matcher.test(pathname)),
    hostname: (hostname) => hosts.some((matcher) => matcher.test(hostname.toLowerCase())),
    userAgent(userAgent) {
      const ua = userAgent.toLowerCase();
      return agents.some((fragment) => ua.includes(fragment));
    },
  };
}

const cache = new Map<string, ExclusionMatchers>();

export function exclusionsFor(site: Site): ExclusionMatchers {
  const key = `${site.siteId}:${site.updatedAt}`;
  let matchers = cache.get(key);
  if (!matchers) {
    if (cache.size > 5_000) cache.clear();
    matchers = compileExclusions(site);
    cache.set(key, matchers);
  }
  return matchers;
}
