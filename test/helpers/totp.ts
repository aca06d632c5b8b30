// RFC 6238 time-based codes computed by the tests themselves from an otpauth:// URI, as an authenticator app does.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const bits: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    for (let bit = 4; bit >= 0; bit--) bits.push((value >> bit) & 1);
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) {
    bytes.push(bits.slice(index, index + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  return Buffer.from(bytes);
}

/** The `secret`, `digits` and `period` of an otpauth://totp/ URI. */
export function totpParameters(uri: string): { secret: string; digits: number; period: number; issuer: string | null; label: string } {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:' || url.host !== 'totp') throw new Error(`not a TOTP URI: ${url.protocol}//${url.host}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error('no secret in the URI');
  return {
    secret,
    digits: Number(url.searchParams.get('digits') ?? 6),
    period: Number(url.searchParams.get('period') ?? 30),
    issuer: url.searchParams.get('issuer'),
    label: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
}

/** The code for `atMs` (default now), HMAC-SHA1 with dynamic truncation. */
export function totpCode(base32Secret: string, { atMs = Date.now(), digits = 6, period = 30 } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / period)));
  const mac = createHmac('sha1', base32Decode(base32Secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, '0');
}
