// Which IP addresses a webhook may be delivered to: an allow-list, never a deny-list. IPv4: unicast outside
// every special-purpose block. IPv6: global unicast 2000::/3 only, outside its special-purpose blocks; so
// IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms of an inner address are all refused.
import ipaddr from 'ipaddr.js';
import { IPV4_SPECIAL_BLOCKS, IPV6_SPECIAL_BLOCKS, type NamedBlock } from './special-purpose-blocks.js';

export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

interface ParsedBlock<T> {
  readonly range: [T, number];
  readonly name: string;
}

function parseBlocks<T extends ipaddr.IPv4 | ipaddr.IPv6>(blocks: readonly NamedBlock[]): ParsedBlock<T>[] {
  return blocks.map((block) => ({ range: ipaddr.parseCIDR(block.cidr) as [T, number], name: block.name }));
}

const V4_BLOCKS = parseBlocks<ipaddr.IPv4>(IPV4_SPECIAL_BLOCKS);
const V6_BLOCKS = parseBlocks<ipaddr.IPv6>(IPV6_SPECIAL_BLOCKS);
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const ALLOWED: AddressVerdict = { allowed: true };
const refused = (reason: string): AddressVerdict => ({ allowed: false, reason });

function ipv4Verdict(address: ipaddr.IPv4): AddressVerdict {
  const block = V4_BLOCKS.find(({ range }) => address.match(range));
  if (block) return refused(block.name);
  // Belt and braces: any range ipaddr.js knows beyond the table above is refused too.
  const range = address.range();
  return range === 'unicast' ? ALLOWED : refused(range);
}

function ipv6Verdict(address: ipaddr.IPv6): AddressVerdict {
  if (address.zoneId !== undefined) return refused('zoned');
  const block = V6_BLOCKS.find(({ range }) => address.match(range));
  if (block) return refused(block.name);
  return address.match(GLOBAL_UNICAST) ? ALLOWED : refused('notGlobalUnicast');
}

/** Takes the canonical texts a URL host or a DNS answer holds: dotted-quad IPv4 or IPv6; anything else is refused. */
export function addressVerdict(ip: string): AddressVerdict {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ipv4Verdict(ipaddr.IPv4.parse(ip));
  if (ipaddr.IPv6.isValid(ip)) return ipv6Verdict(ipaddr.IPv6.parse(ip));
  return refused('invalid');
}
