// Whether a dotted-quad IPv4 address is public unicast, judged by integer masks over ipaddr.js's own table of
// special ranges: the enrichment thread asks once per address its geolocation cache has not seen, and
// ipaddr.js's parse (twice: once to validate, once to build) and range walk cost six times as much.
import ipaddr from 'ipaddr.js';

interface MaskedRange {
  readonly network: number;
  readonly mask: number;
}

function unsignedOf(octets: readonly number[]): number {
  return (((octets[0] ?? 0) << 24) | ((octets[1] ?? 0) << 16) | ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)) >>> 0;
}

function maskOf(bits: number): number {
  return bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
}

function isSubnet(value: unknown): value is [ipaddr.IPv4, number] {
  return Array.isArray(value) && value.length === 2 && value[0] instanceof ipaddr.IPv4 && typeof value[1] === 'number';
}

/** One named entry of the table: a subnet, or a list of them. */
function subnetsOf(entry: unknown): [ipaddr.IPv4, number][] {
  if (isSubnet(entry)) return [entry];
  if (Array.isArray(entry) && entry.every(isSubnet)) return entry;
  throw new Error('ipaddr.js: unexpected IPv4 special range entry');
}

/**
 * Every IPv4 range ipaddr.js names (private, loopback, link-local, CGNAT, documentation, multicast, reserved, ...):
 * an address in none of them is what it calls `unicast`. Read from the library at load (its typings leave the
 * table out), so both judge alike.
 */
function specialRanges(): MaskedRange[] {
  const table: unknown = Reflect.get(ipaddr.IPv4.prototype, 'SpecialRanges');
  if (typeof table !== 'object' || table === null) throw new Error('ipaddr.js: no IPv4 special range table');
  return Object.values(table).flatMap((entry: unknown) =>
    subnetsOf(entry).map(([address, bits]) => {
      const mask = maskOf(bits);
      return { network: (unsignedOf(address.octets) & mask) >>> 0, mask };
    }),
  );
}

const SPECIAL_RANGES: readonly MaskedRange[] = specialRanges();

/**
 * The address as an unsigned 32-bit number. Only for text `isIP` answered 4 for: four decimal parts of 0-255
 * without leading zeros, so no part is checked here.
 */
function dottedQuadValue(ip: string): number {
  let value = 0;
  let part = 0;
  for (let index = 0; index < ip.length; index += 1) {
    const code = ip.charCodeAt(index);
    if (code === 0x2e) {
      value = value * 256 + part;
      part = 0;
    } else {
      part = part * 10 + code - 0x30;
    }
  }
  return value * 256 + part;
}

/** True when an address `isIP` calls IPv4 lies in no special range: what `ipaddr.process(ip).range() === 'unicast'` says. */
export function isPublicIpv4(ip: string): boolean {
  const value = dottedQuadValue(ip);
  for (const range of SPECIAL_RANGES) {
    if (((value & range.mask) >>> 0) === range.network) return false;
  }
  return true;
}
