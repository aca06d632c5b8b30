// Ids derived from content, so that the same row imported again gets the same id and is recognised.
import { createHash } from 'node:crypto';

function digest(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

/** A UUID (version 8, content-derived) from the parts. */
export function derivedUuid(parts: readonly string[]): string {
  const hex = digest(parts);
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An unsigned 64-bit id, as decimal text (session ids are UInt64). */
export function derivedUInt64(parts: readonly string[]): string {
  return BigInt(`0x${digest(parts).slice(0, 16)}`).toString();
}

/** A short hex key (row keys of daily aggregates). */
export function derivedKey(parts: readonly string[]): string {
  return digest(parts).slice(0, 32);
}
