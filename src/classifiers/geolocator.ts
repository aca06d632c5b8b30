// Maps a client IP to country (bundled DB) and, when a GeoLite2-City style DB is configured, region, city and position.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import maxmind, { Reader, type CityResponse, type CountryResponse } from 'maxmind';
import { isPublicIpv4 } from './public-ipv4.js';

export interface GeoLocation {
  /** ISO 3166-1 alpha-2, or '' when unknown. */
  readonly country: string;
  /** Country and subdivision code, e.g. 'US-CA', or ''. */
  readonly region: string;
  readonly city: string;
  readonly lat: number;
  readonly lon: number;
  readonly timezone: string;
}

export interface Geolocator {
  /** Empty fields for unknown, private, reserved or malformed addresses. The result is frozen and may be shared. */
  lookup(ip: string): GeoLocation;
  /** True when a city DB was found and opened. */
  readonly hasCityDb: boolean;
}

export interface GeolocatorOptions {
  /** Path to a GeoLite2-City (or same-layout) .mmdb; ignored when absent or missing on disk. */
  readonly cityDbPath?: string;
}

/**
 * The bundled geo-whois-asn-country database stores `{ country_code: "US" }` records, a layout the
 * maxmind typings do not describe, so the record is narrowed from `unknown`.
 */
export function countryCodeOf(record: unknown): string {
  if (typeof record !== 'object' || record === null || !('country_code' in record)) return '';
  return typeof record.country_code === 'string' ? record.country_code : '';
}

export const UNKNOWN_LOCATION: GeoLocation = Object.freeze({
  country: '',
  region: '',
  city: '',
  lat: 0,
  lon: 0,
  timezone: '',
});

/** Visitors send many events from one address, so recent answers are kept. */
const CACHE_ENTRIES = 20_000;
const COUNTRY_DB_PACKAGE = '@ip-location-db/geo-whois-asn-country-mmdb';
const COUNTRY_DB_FILE = 'geo-whois-asn-country.mmdb';

export function bundledCountryDbPath(): string {
  const packageJson = createRequire(import.meta.url).resolve(`${COUNTRY_DB_PACKAGE}/package.json`);
  return join(dirname(packageJson), COUNTRY_DB_FILE);
}

/**
 * The address in the form the databases are keyed by, or null when it is not a public unicast address.
 * IPv4-mapped IPv6 addresses become plain IPv4. The bundled DB assigns countries to some private
 * ranges, so private, loopback, link-local, CGNAT, documentation and other special ranges are refused here.
 */
export function publicAddress(ip: string): string | null {
  const kind = isIP(ip);
  if (kind === 0) return null;
  // A dotted quad `isIP` accepted is already in the form ipaddr.js would print (no leading zeros).
  if (kind === 4) return isPublicIpv4(ip) ? ip : null;
  const address = ipaddr.process(ip);
  return address.range() === 'unicast' ? address.toString() : null;
}

/** Pure mapping of a GeoLite2-City record onto event fields; `fallbackCountry` fills in when the record has none. */
export function cityRecordToLocation(record: CityResponse | null, fallbackCountry: string): GeoLocation {
  if (record === null) {
    return fallbackCountry === '' ? UNKNOWN_LOCATION : { ...UNKNOWN_LOCATION, country: fallbackCountry };
  }
  const country = record.country?.iso_code ?? fallbackCountry;
  const subdivision = record.subdivisions?.[0]?.iso_code;
  return {
    country,
    region: country !== '' && subdivision ? `${country}-${subdivision}` : '',
    city: record.city?.names.en ?? '',
    lat: record.location?.latitude ?? 0,
    lon: record.location?.longitude ?? 0,
    timezone: record.location?.time_zone ?? '',
  };
}

class MaxmindGeolocator implements Geolocator {
  readonly hasCityDb: boolean;
  private readonly cache = new LRUCache<string, GeoLocation>({ max: CACHE_ENTRIES });
  /** One shared, frozen answer per country for country-only results. */
  private readonly countryOnly = new Map<string, GeoLocation>();

  constructor(
    private readonly countryDb: Reader<CountryResponse>,
    private readonly cityDb: Reader<CityResponse> | null,
  ) {
    this.hasCityDb = cityDb !== null;
  }

  lookup(ip: string): GeoLocation {
    let location = this.cache.get(ip);
    if (location === undefined) {
      location = this.lookupUncached(ip);
      this.cache.set(ip, location);
    }
    return location;
  }

  private lookupUncached(ip: string): GeoLocation {
    const address = publicAddress(ip);
    if (address === null) return UNKNOWN_LOCATION;
    const country = countryCodeOf(this.countryDb.get(address));
    if (this.cityDb !== null) return Object.freeze(cityRecordToLocation(this.cityDb.get(address), country));
    if (country === '') return UNKNOWN_LOCATION;
    let location = this.countryOnly.get(country);
    if (location === undefined) {
      location = Object.freeze({ ...UNKNOWN_LOCATION, country });
      this.countryOnly.set(country, location);
    }
    return location;
  }
}

/** Opens the bundled country DB and the optional city DB once; the returned lookups are synchronous. */
export async function createGeolocator(options: GeolocatorOptions = {}): Promise<Geolocator> {
  const countryDb = await maxmind.open<CountryResponse>(bundledCountryDbPath());
  const cityPath = options.cityDbPath;
  const cityDb = cityPath && existsSync(cityPath) ? await maxmind.open<CityResponse>(cityPath) : null;
  return new MaxmindGeolocator(countryDb, cityDb);
}

/**
 * The bundled country DB, read at the first lookup: the file is read whole (~8 MB of memory), and a geolocator
 * that may never be asked (the event loop's, which only sites excluding countries use while the enrichment
 * thread enriches) then costs nothing (decision 0049). Only without a city DB: a configured one is opened at
 * start by `createGeolocator`, so a damaged file stops the start rather than a later request.
 */
export function countryGeolocatorOnFirstLookup(): Geolocator {
  let opened: Geolocator | undefined;
  return {
    hasCityDb: false,
    lookup(ip) {
      opened ??= new MaxmindGeolocator(new Reader<CountryResponse>(readFileSync(bundledCountryDbPath())), null);
      return opened.lookup(ip);
    },
  };
}
