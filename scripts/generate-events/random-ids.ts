// Identifiers drawn from the seeded stream: hex visitor ids, UUID v4 event ids, UInt64 session ids.
import type { Prng } from './prng.js';

const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function hex32(value: number): string {
  return (
    (BYTE_HEX[value >>> 24] ?? '') +
    (BYTE_HEX[(value >>> 16) & 0xff] ?? '') +
    (BYTE_HEX[(value >>> 8) & 0xff] ?? '') +
    (BYTE_HEX[value & 0xff] ?? '')
  );
}

/** `length` lowercase hex characters. */
export function randomHex(rng: Prng, length: number): string {
  let out = '';
  while (out.length < length) out += hex32(rng.nextUint32());
  return out.slice(0, length);
}

/** A version 4, variant 1 UUID in its canonical 36-character form. */
export function randomUuid(rng: Prng): string {
  const a = hex32(rng.nextUint32());
  const b = hex32(((rng.nextUint32() & 0xffff0fff) | 0x00004000) >>> 0);
  const c = hex32(((rng.nextUint32() & 0x3fffffff) | 0x80000000) >>> 0);
  const d = hex32(rng.nextUint32());
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

/** A non-zero unsigned 64-bit integer as a decimal string (it does not fit a JS number). */
export function randomUint64Decimal(rng: Prng): string {
  const high = rng.nextUint32();
  const low = rng.nextUint32() | 1;
  return ((BigInt(high) << 32n) | BigInt(low >>> 0)).toString();
}

/** A URL-safe token such as an ad click id. */
export function randomToken(rng: Prng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TOKEN_ALPHABET[rng.nextUint32() & 63] ?? '';
  return out;
}
