// One code point per case-insensitive class, so two characters match ignoring case when their folds are equal.

const cache = new Map<number, number>();
/** Dotless i folds to itself (as in Unicode simple case folding), though its upper case is a plain I. */
const DOTLESS_I = 0x131;

function singleCodePoint(text: string): number | undefined {
  const first = text.codePointAt(0);
  if (first === undefined) return undefined;
  return text.length === (first > 0xffff ? 2 : 1) ? first : undefined;
}

/**
 * The lower case of the upper case, when each is one code point: this puts `K`, `k` and the Kelvin
 * sign, or `Σ`, `σ` and `ς`, in one class, as Unicode simple case folding does (checked against the
 * JavaScript engine's `iu` matching over every code point). Other characters fold to themselves.
 */
function computeFold(char: number): number {
  if (char === DOTLESS_I) return char;
  const upper = singleCodePoint(String.fromCodePoint(char).toUpperCase()) ?? char;
  return singleCodePoint(String.fromCodePoint(upper).toLowerCase()) ?? char;
}

export function foldCase(char: number): number {
  if (char < 0x80) return char >= 0x41 && char <= 0x5a ? char + 0x20 : char;
  let folded = cache.get(char);
  if (folded === undefined) {
    folded = computeFold(char);
    if (cache.size >= 4096) cache.clear();
    cache.set(char, folded);
  }
  return folded;
}
