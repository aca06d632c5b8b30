import { describe, expect, it } from 'vitest';
import { tsvLine, tsvText, type TsvColumn } from './tsv-lines.js';

const COLUMNS: readonly TsvColumn[] = [
  { name: 'text', kind: 'string' },
  { name: 'count', kind: 'number' },
  { name: 'vital', kind: 'nullable' },
  { name: 'params', kind: 'map' },
];

describe('tsvText', () => {
  it.each([
    ['plain /path?a=b', 'plain /path?a=b'],
    ['tab\there', 'tab\\there'],
    ['line\nbreak\r', 'line\\nbreak\\r'],
    ['back\\slash \\N', 'back\\\\slash \\\\N'],
    ['nul\0', 'nul\\0'],
    ["quote ' stays", "quote ' stays"],
  ])('%j is written as %j', (value, expected) => {
    expect(tsvText(value)).toBe(expected);
  });
});

describe('tsvLine', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ text: 'a', count: 3, vital: 0.25, params: { utm_source: 'x' } }, "a\t3\t0.25\t{'utm_source':'x'}"],
    [{}, '\t0\t\\N\t{}'],
    [{ text: '', count: '', vital: null, params: {} }, '\t0\t\\N\t{}'],
    [{ text: 'b', count: Number.POSITIVE_INFINITY, vital: Number.NaN }, 'b\t0\t\\N\t{}'],
    [{ text: 'c', count: '12.5000', vital: 0 }, 'c\t12.5000\t0\t{}'],
    [{ text: 'd', count: true, extra: 'left out' }, 'd\t1\t\\N\t{}'],
    [{ params: { "it's": 'tab\tnew\nline\\', n: 1 } }, "\t0\t\\N\t{'it\\'s':'tab\\tnew\\nline\\\\','n':'1'}"],
  ])('%j is written as %j', (row, expected) => {
    expect(tsvLine(row, COLUMNS)).toBe(expected);
  });
});
