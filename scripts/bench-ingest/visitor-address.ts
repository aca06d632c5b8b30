// Public client addresses for benchmark visitors, and the X-Forwarded-For header a reverse proxy would pass on.
import type { IpBlocks } from './bench-data.js';
import type { SeededRandom } from './seeded-random.js';

/** The documentation block inside an otherwise public /8 the tables draw from (TEST-NET-3). */
function isDocumentationAddress(octets: readonly number[]): boolean {
  return octets[0] === 203 && octets[1] === 0 && octets[2] === 113;
}

function hextet(random: SeededRandom): string {
  return random.int(0, 0xffff).toString(16);
}

export function randomPublicIpv4(random: SeededRandom, blocks: IpBlocks): string {
  for (;;) {
    const octets = [random.pick(blocks.ipv4FirstOctets), random.int(0, 255), random.int(0, 255), random.int(1, 254)];
    if (!isDocumentationAddress(octets)) return octets.join('.');
  }
}

export function randomPublicIpv6(random: SeededRandom, blocks: IpBlocks): string {
  const rest = Array.from({ length: 6 }, () => hextet(random));
  return `${random.pick(blocks.ipv6Prefixes)}:${rest.join(':')}`;
}

export interface VisitorAddress {
  /** The address the server should see as the client. */
  readonly ip: string;
  /** The X-Forwarded-For value: the client first, sometimes followed by an intermediate proxy. */
  readonly forwardedFor: string;
}

export function randomVisitorAddress(random: SeededRandom, blocks: IpBlocks): VisitorAddress {
  const ip = random.chance(blocks.ipv6Share) ? randomPublicIpv6(random, blocks) : randomPublicIpv4(random, blocks);
  const forwardedFor = random.chance(blocks.extraHopShare) ? `${ip}, ${randomPublicIpv4(random, blocks)}` : ip;
  return { ip, forwardedFor };
}
