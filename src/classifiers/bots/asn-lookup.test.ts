import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asnOfRecord, createMmdbAsnLookup, noAsnLookup, openMmdbAsnLookup } from './asn-lookup.js';

describe('asnOfRecord', () => {
  it.each<[string, unknown, number | undefined]>([
    ['GeoLite2-ASN record', { autonomous_system_number: 16509, autonomous_system_organization: 'AMAZON-02' }, 16509],
    ['country-only record', { country_code: 'US' }, undefined],
    ['null', null, undefined],
    ['a string', 'AS16509', undefined],
    ['a string number', { autonomous_system_number: '16509' }, undefined],
    ['zero', { autonomous_system_number: 0 }, undefined],
    ['a fraction', { autonomous_system_number: 1.5 }, undefined],
  ])('%s', (_name, record, asn) => {
    expect(asnOfRecord(record)).toBe(asn);
  });
});

describe('createMmdbAsnLookup', () => {
  const records: Record<string, unknown> = { '3.5.140.2': { autonomous_system_number: 16509 }, '1.1.1.1': null };
  const lookup = createMmdbAsnLookup({
    get: (ip) => {
      if (ip === 'not-an-ip') throw new Error('Invalid IP address');
      return records[ip] ?? null;
    },
  });
  it.each<[string, number | undefined]>([
    ['3.5.140.2', 16509],
    ['1.1.1.1', undefined],
    ['10.0.0.1', undefined],
    ['not-an-ip', undefined],
  ])('%s -> %s', (ip, asn) => {
    expect(lookup(ip)).toBe(asn);
  });
});

describe('openMmdbAsnLookup', () => {
  it('gives the no-op lookup without a path', async () => {
    expect(await openMmdbAsnLookup(undefined)).toBe(noAsnLookup);
    expect(await openMmdbAsnLookup('')).toBe(noAsnLookup);
    expect(noAsnLookup('8.8.8.8')).toBeUndefined();
  });

  it('reads a real MMDB; the bundled country DB has no ASN field, so every lookup is undefined', async () => {
    const pkg = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json');
    const lookup = await openMmdbAsnLookup(join(dirname(pkg), 'geo-whois-asn-country.mmdb'));
    expect([lookup('8.8.8.8'), lookup('2001:4860:4860::8888'), lookup('garbage')]).toEqual([undefined, undefined, undefined]);
  });
});
