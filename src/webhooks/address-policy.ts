// Which IP addresses a webhook may be delivered to: public unicast only (no loopback, private, link-local,
// CGNAT, multicast, reserved, IPv6 ULA/link-local, or IPv4-mapped/embedded forms of those).
import ipaddr from 'ipaddr.js';

export function addressRange(ip: string): string {
  if (!ipaddr.isValid(ip)) return 'invalid';
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range();
}

export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === 'unicast';
}
