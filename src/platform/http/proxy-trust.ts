// Which reverse proxies Loupe believes (TRUST_PROXY): none, a number of hops, or a list of proxy addresses and
// ranges. One trust function serves Fastify's request.ip and request.protocol, the tracking endpoints' client
// address and the HSTS decision, so they never disagree about who the client is.
import ipaddr from 'ipaddr.js';

/** `hops: 0` trusts nobody; `hops: n` the n nearest hops; `addresses` the peers inside any listed range. */
export type ProxyTrust = { readonly hops: number } | { readonly addresses: readonly string[] };

/** Fastify's trust function shape: may `address`, seen `hop` steps away from Loupe (0: the socket's peer), add headers? */
export type TrustFunction = (address: string, hop: number) => boolean;

export const NO_PROXY: ProxyTrust = { hops: 0 };
const MAX_HOPS = 10;

/** Names for the usual private ranges (the ones Express and Fastify understand too). */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export const TRUST_PROXY_RULE =
  'expected false, a number of proxy hops in front of Loupe (1 to 10; true means 1), or a comma-separated list of the proxies\' addresses or CIDR ranges (e.g. 10.0.0.5,172.16.0.0/12; loopback, linklocal and uniquelocal name the usual ranges)';

/** TRUST_PROXY's text as a ProxyTrust, or undefined when it is none of the accepted forms. */
export function parseProxyTrust(raw: string): ProxyTrust | undefined {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no' || value === '0') return NO_PROXY;
  // `true` predates hop counts: it means the one proxy every documented deployment has (never "every hop").
  if (value === 'true' || value === 'yes') return { hops: 1 };
  if (/^[0-9]{1,2}$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? { hops } : undefined;
  }
  const addresses: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const named = NAMED_RANGES[entry];
    if (named) addresses.push(...named);
    else if (isAddressOrRange(entry)) addresses.push(entry);
    else return undefined;
  }
  return addresses.length > 0 ? { addresses } : undefined;
}

/** Dotted-quad IPv4 or IPv6 only (ipaddr.js would also read `1.5` or `0x7f.1` as IPv4). */
function isPlainAddress(text: string): boolean {
  return text.includes(':') ? ipaddr.IPv6.isValid(text) : ipaddr.IPv4.isValidFourPartDecimal(text);
}

function isAddressOrRange(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash === -1) return isPlainAddress(entry);
  return isPlainAddress(entry.slice(0, slash)) && /^[0-9]{1,3}$/.test(entry.slice(slash + 1)) && ipaddr.isValidCIDR(entry);
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function rangeOf(entry: string): Range {
  const slash = entry.indexOf('/');
  const address = ipaddr.parse(slash === -1 ? entry : entry.slice(0, slash));
  const bits = slash === -1 ? (address.kind() === 'ipv4' ? 32 : 128) : Number(entry.slice(slash + 1));
  // An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)];
  }
  return [address, bits];
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, [base, bits]: Range): boolean {
  if (address.kind() !== base.kind()) return false;
  return address.kind() === 'ipv4' ? (address as ipaddr.IPv4).match(base as ipaddr.IPv4, bits) : (address as ipaddr.IPv6).match(base as ipaddr.IPv6, bits);
}

/** The trust as a function of (address, hop); undefined when nobody is trusted (Fastify's `trustProxy: false`). */
export function trustFunction(trust: ProxyTrust): TrustFunction | undefined {
  if ('hops' in trust) {
    if (trust.hops === 0) return undefined;
    return (_address, hop) => hop < trust.hops;
  }
  const ranges = trust.addresses.map(rangeOf);
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some((range) => inRange(parsed, range));
  };
}

/**
 * The client's address from the socket's peer and X-Forwarded-For's entries, read from the right: each hop the
 * trust accepts may name the one before it; the first it does not accept is the client (the leftmost entry
 * when every hop is trusted). Fastify's request.ip gives the same answer for the same trust function. `read`
 * turns an entry into the address it names, as the caller wants it.
 */
export function forwardedClient(
  socketAddress: string,
  forwardedFor: readonly string[],
  trusts: TrustFunction | undefined,
  read: (entry: string) => string = (entry) => entry,
): string {
  let client = socketAddress;
  if (!trusts) return client;
  for (let hop = 0; hop <= forwardedFor.length; hop += 1) {
    if (!trusts(client, hop)) return client;
    const next = forwardedFor[forwardedFor.length - 1 - hop];
    if (next === undefined) return client;
    // Only the entries the trust reaches are read (e.g. normalized): usually the rightmost one.
    client = read(next);
  }
  return client;
}
