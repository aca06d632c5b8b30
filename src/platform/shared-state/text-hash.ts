// Two independent hashes of a text, for tables that keep a text's hash instead of the text.

const TWO_TO_32 = 0x1_0000_0000;

/** A 53-bit hash of a text (two FNV-style lanes), exact as a double. */
export function textHash53(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 11) * TWO_TO_32 + (b >>> 0);
}

/** A 32-bit hash of a text, independent of textHash53 (another multiplier and mixing), to confirm a match. */
export function textHash32(text: string): number {
  let h = 0x9747b28c ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    h = Math.imul(h ^ text.charCodeAt(index), 0x2c1b3c6d);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}
