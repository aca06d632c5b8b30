// Case folding agrees with the JavaScript engine's case-insensitive Unicode matching over every code point.
import { describe, expect, it } from 'vitest';
import { foldCase } from './fold-case.js';

const sameIgnoringCase = (a: number, b: number) => new RegExp(`^\\u{${a.toString(16)}}$`, 'iu').test(String.fromCodePoint(b));

describe('foldCase', () => {
  it.each([
    ['A', 'a'],
    ['a', 'a'],
    ['É', 'é'],
    ['Σ', 'σ'],
    ['ς', 'σ'],
    ['\u212a', 'k'],
    ['ſ', 's'],
    ['ı', 'ı'],
    ['İ', 'İ'],
    ['ß', 'ß'],
    ['/', '/'],
    ['😀', '😀'],
  ])('%s folds to %s', (char, folded) => {
    expect(String.fromCodePoint(foldCase(char.codePointAt(0) ?? 0))).toBe(folded);
  });

  it('puts each code point in the class of its fold, and case partners in one class', () => {
    const disagreements: string[] = [];
    for (let char = 0; char <= 0x10ffff; char += 1) {
      if (char >= 0xd800 && char <= 0xdfff) continue;
      const folded = foldCase(char);
      if (folded !== char && !sameIgnoringCase(char, folded)) disagreements.push(`${char.toString(16)} -> ${folded.toString(16)}`);
      const text = String.fromCodePoint(char);
      for (const partner of [text.toLowerCase(), text.toUpperCase()].map((other) => [...other])) {
        const only = partner.length === 1 ? partner[0]?.codePointAt(0) : undefined;
        if (only !== undefined && only !== char && sameIgnoringCase(char, only) && foldCase(only) !== folded) {
          disagreements.push(`${char.toString(16)} ~ ${only.toString(16)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
