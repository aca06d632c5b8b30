// Geolocation against the bundled country DB, address filtering, and the pure city-record mapping.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CityResponse } from 'maxmind';
import {
  bundledCountryDbPath,
  cityRecordToLocation,
  countryCodeOf,
  countryGeolocatorOnFirstLookup,
  createGeolocator,
  publicAddress,
  UNKNOWN_LOCATION,
  type Geolocator,
} from './geolocator.js';

const countryOnly = (country: string) => ({ country, region: '', city: '', lat: 0, lon: 0, timezone: '' });

describe('createGeolocator with the bundled country DB', () => {
  let geo: Geolocator;
  beforeAll(async () => {
    geo = await createGeolocator();
  });

  it('has no city DB', () => {
    expect(geo.hasCityDb).toBe(false);
  });

  it('answers the same when the DB is read at the first lookup', () => {
    const onFirstLookup = countryGeolocatorOnFirstLookup();
    expect(onFirstLookup.hasCityDb).toBe(false);
    expect(['8.8.8.8', '2003::1', '10.0.0.1'].map((ip) => onFirstLookup.lookup(ip))).toEqual([countryOnly('US'), countryOnly('DE'), UNKNOWN_LOCATION]);
  });

  it.each([
    ['8.8.8.8', 'US'],
    ['1.1.1.1', 'AU'],
    ['85.214.132.117', 'DE'],
    ['193.99.144.80', 'DE'],
    ['133.242.0.1', 'JP'],
    ['2001:4860:4860::8888', 'US'],
    ['2003::1', 'DE'],
    ['2a01:238::1', 'DE'],
    ['::ffff:8.8.8.8', 'US'],
    ['::FFFF:85.214.132.117', 'DE'],
  ])('%s -> %s', (ip, country) => {
    expect(geo.lookup(ip)).toEqual(countryOnly(country));
  });

  it.each([
    // private, loopback, link-local, CGNAT, documentation, multicast and unspecified ranges
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.1.1',
    '100.64.0.1',
    '192.0.2.1',
    '203.0.113.5',
    '224.0.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '2001:db8::1',
    '::ffff:192.168.1.1',
    // not addresses
    '',
    'garbage',
    '999.1.1.1',
    '8.8.8',
    '0x08080808',
    '8.8.8.8:443',
    ' 8.8.8.8',
    '2001:4860:4860::8888::1',
  ])('%j -> unknown', (ip) => {
    expect(geo.lookup(ip)).toEqual(UNKNOWN_LOCATION);
  });
});

describe('createGeolocator with a city DB path', () => {
  it('ignores a path that does not exist', async () => {
    const geo = await createGeolocator({ cityDbPath: '/nonexistent/GeoLite2-City.mmdb' });
    expect(geo.hasCityDb).toBe(false);
    expect(geo.lookup('8.8.8.8')).toEqual(countryOnly('US'));
  });

  it('reads the city DB when present, keeping the bundled country when its records carry none', async () => {
    // The bundled DB stands in for a city DB: its records have no GeoLite2 fields.
    const geo = await createGeolocator({ cityDbPath: bundledCountryDbPath() });
    expect(geo.hasCityDb).toBe(true);
    expect(geo.lookup('8.8.8.8')).toEqual(countryOnly('US'));
    expect(geo.lookup('10.0.0.1')).toEqual(UNKNOWN_LOCATION);
  });
});

describe('cityRecordToLocation', () => {
  const names = (en: string) => ({ en, de: `${en} (de)` });
  const mountainView: CityResponse = {
    city: { geoname_id: 5375480, names: names('Mountain View') },
    country: { geoname_id: 6252001, iso_code: 'US', names: names('United States') },
    location: { accuracy_radius: 1000, latitude: 37.386, longitude: -122.0838, time_zone: 'America/Los_Angeles' },
    subdivisions: [
      { geoname_id: 5332921, iso_code: 'CA', names: names('California') },
      { geoname_id: 1, iso_code: 'XX', names: names('Second level') },
    ],
  };

  it.each<[string, CityResponse | null, string, object]>([
    [
      'a full GeoLite2-City record',
      mountainView,
      'US',
      { country: 'US', region: 'US-CA', city: 'Mountain View', lat: 37.386, lon: -122.0838, timezone: 'America/Los_Angeles' },
    ],
    [
      'the city DB country over the bundled one',
      mountainView,
      'CA',
      { country: 'US', region: 'US-CA', city: 'Mountain View', lat: 37.386, lon: -122.0838, timezone: 'America/Los_Angeles' },
    ],
    [
      'a country-level record',
      { country: { geoname_id: 2921044, iso_code: 'DE', names: names('Germany') }, location: { accuracy_radius: 1000, latitude: 51.2993, longitude: 9.491 } },
      'DE',
      { country: 'DE', region: '', city: '', lat: 51.2993, lon: 9.491, timezone: '' },
    ],
    [
      'a record without country, using the fallback for country and region',
      { subdivisions: [{ geoname_id: 2, iso_code: '13', names: names('Tokyo') }], city: { geoname_id: 3, names: names('Tokyo') } },
      'JP',
      { country: 'JP', region: 'JP-13', city: 'Tokyo', lat: 0, lon: 0, timezone: '' },
    ],
    ['a subdivision without any country', { subdivisions: [{ geoname_id: 2, iso_code: 'CA', names: names('X') }] }, '', UNKNOWN_LOCATION],
    ['no record, bundled country known', null, 'FR', countryOnly('FR')],
    ['no record, nothing known', null, '', UNKNOWN_LOCATION],
  ])('maps %s', (_name, record, fallback, expected) => {
    expect(cityRecordToLocation(record, fallback)).toEqual(expected);
  });
});

describe('publicAddress', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['::ffff:8.8.8.8', '8.8.8.8'],
    ['2001:4860:4860:0:0:0:0:8888', '2001:4860:4860::8888'],
    ['192.168.0.1', null],
    ['nope', null],
  ])('%s -> %s', (ip, expected) => {
    expect(publicAddress(ip)).toBe(expected);
  });
});

describe('countryCodeOf', () => {
  it.each<[unknown, string]>([
    [{ country_code: 'NL' }, 'NL'],
    [{ country_code: 7 }, ''],
    [{ country: { iso_code: 'NL' } }, ''],
    [null, ''],
    ['NL', ''],
  ])('%j -> %j', (record, expected) => {
    expect(countryCodeOf(record)).toBe(expected);
  });
});

describe('lookup caching', () => {
  it('answers repeated and same-country addresses with one frozen object', async () => {
    const geo = await createGeolocator();
    const first = geo.lookup('85.214.132.117');
    expect(geo.lookup('85.214.132.117')).toBe(first);
    expect(geo.lookup('193.99.144.80')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual(countryOnly('DE'));
  });
});
