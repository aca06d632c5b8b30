// Maps a client IP to its autonomous system number: a no-op default, or a reader over an ASN MMDB (GeoLite2-ASN layout).
import maxmind from 'maxmind';

/** The ASN of an IP, or undefined when unknown. Injected into detectBot so tests and other sources can supply it. */
export type AsnLookup = (ip: string) => number | undefined;

/** The bundled @ip-location-db package holds countries only, so without an ASN database the layer stays silent. */
export const noAsnLookup: AsnLookup = () => undefined;

/** Any MMDB reader; maxmind's Reader fits. `get` may throw on a malformed address. */
export interface MmdbReader {
  get(ip: string): unknown;
}

/** Reads `autonomous_system_number`, the field of GeoLite2-ASN and of ip-location-db's asn MMDBs. */
export function asnOfRecord(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null || !('autonomous_system_number' in record)) return undefined;
  const asn = record.autonomous_system_number;
  return typeof asn === 'number' && Number.isInteger(asn) && asn > 0 ? asn : undefined;
}

export function createMmdbAsnLookup(reader: MmdbReader): AsnLookup {
  return (ip) => {
    try {
      return asnOfRecord(reader.get(ip));
    } catch {
      return undefined;
    }
  };
}

/** Opens an ASN MMDB at `path` (e.g. from a GEOIP_ASN_DB setting); no path gives `noAsnLookup`. */
export async function openMmdbAsnLookup(path: string | undefined): Promise<AsnLookup> {
  if (path === undefined || path === '') return noAsnLookup;
  const reader = await maxmind.open(path);
  return createMmdbAsnLookup(reader);
}
