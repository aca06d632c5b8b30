import { describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import { isPublicIpv4 } from './public-ipv4.js';

function ipaddrSays(ip: string): boolean {
  return ipaddr.process(ip).range() === 'unicast';
}

function dotted(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}

/** The first and last address of every range ipaddr.js names, and the addresses just outside them. */
function boundaries(): string[] {
  const table: unknown = Reflect.get(ipaddr.IPv4.prototype, 'SpecialRanges');
  const addresses: string[] = [];
  for (const entry of Object.values(table as object) as unknown[]) {
    const subnets = (Array.isArray(entry) && Array.isArray(entry[0]) ? entry : [entry]) as [ipaddr.IPv4, number][];
    for (const [address, bits] of subnets) {
      const [first, last] = [ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`), ipaddr.IPv4.broadcastAddressFromCIDR(`${address.toString()}/${bits}`)];
      const low = first.toByteArray().reduce((sum, octet) => sum * 256 + octet, 0);
      const high = last.toByteArray().reduce((sum, octet) => sum * 256 + octet, 0);
      for (const value of [low - 1, low, low + 1, high - 1, high, high + 1]) if (value >= 0 && value <= 0xffffffff) addresses.push(dotted(value));
    }
  }
  return addresses;
}

describe('isPublicIpv4', () => {
  it.each([
    ['8.8.8.8', true],
    ['0.0.0.0', false],
    ['10.1.2.3', false],
    ['100.64.0.1', false],
    ['127.0.0.1', false],
    ['169.254.1.1', false],
    ['172.15.255.255', true],
    ['172.16.0.0', false],
    ['172.31.255.255', false],
    ['172.32.0.0', true],
    ['192.0.2.10', false],
    ['192.168.255.255', false],
    ['198.18.0.1', false],
    ['203.0.113.7', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
  ])('%s -> %s', (ip, expected) => {
    expect(isPublicIpv4(ip)).toBe(expected);
  });

  it('agrees with ipaddr.js at the edges of every range it names', () => {
    const addresses = boundaries();
    expect(addresses.length).toBeGreaterThan(80);
    expect(addresses.filter((ip) => isPublicIpv4(ip) !== ipaddrSays(ip))).toEqual([]);
  });

  it('agrees with ipaddr.js on 50,000 addresses spread over the whole space', () => {
    let state = 20250601;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state;
    };
    const addresses = Array.from({ length: 50_000 }, () => dotted(next()));
    expect(addresses.filter((ip) => isPublicIpv4(ip) !== ipaddrSays(ip))).toEqual([]);
  });
});
