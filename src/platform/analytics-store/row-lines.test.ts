import { describe, expect, it } from 'vitest';
import { clickhouseTime, compactJsonLine, wellFormedRow } from './row-lines.js';

describe('clickhouseTime', () => {
  it('formats UTC milliseconds as DateTime64(3) text, also across seconds, days and the epoch', () => {
    const cases = [0, 1, 999, 1000, 1_700_000_000_123, Date.parse('2026-03-10T12:00:00.050Z'), Date.parse('2026-12-31T23:59:59.999Z'), Date.parse('2027-01-01T00:00:00.000Z'), -1];
    for (const ms of cases) expect(clickhouseTime(ms), String(ms)).toBe(new Date(ms).toISOString().replace('T', ' ').replace('Z', ''));
    expect(clickhouseTime(1_700_000_000_123.9)).toBe('2023-11-14 22:13:20.123');
  });
});

describe('compactJsonLine', () => {
  it('writes every column except empty strings, NULLs and empty maps, keeping zeros and escaping text', () => {
    const line = compactJsonLine({ a: 'x"y', b: '', c: null, d: 0, e: {}, f: { k: '' }, g: 1.5, h: undefined, i: Number.NaN });
    expect(line).toBe('{"a":"x\\"y","d":0,"f":{"k":""},"g":1.5}');
    expect(JSON.parse(line)).toEqual({ a: 'x"y', d: 0, f: { k: '' }, g: 1.5 });
    expect(compactJsonLine({ only: '' })).toBe('{}');
  });

  it('writes what JSON.stringify writes for the kept columns, in the same order', () => {
    const values: unknown[] = ['', 'text', 'quote " back \\ \n tab \t', 'ünï ☕', null, undefined, 0, -0, 7, -3.25, 1e21, Number.NaN, Number.POSITIVE_INFINITY,
      {}, { k: 'v' }, { a: '', b: { c: 1 } }, [], [1, 'x'], true, false];
    let seed = 7;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let round = 0; round < 500; round += 1) {
      const row: Record<string, unknown> = {};
      for (let column = 0; column < 8; column += 1) row[`c${next() % 12}_${column}`] = values[next() % values.length];
      const kept = Object.fromEntries(Object.entries(row).filter(([, value]) =>
        value !== '' && value !== null && value !== undefined && !(typeof value === 'number' && !Number.isFinite(value)) &&
        !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)));
      expect(compactJsonLine(row)).toBe(JSON.stringify(kept));
    }
  });
});

describe('wellFormedRow', () => {
  it('returns a well-formed row as it came and repairs lone surrogates in values, keys and maps', () => {
    const clean = { title: 'café ☕', map: { 'ключ': 'значение' } };
    expect(wellFormedRow(clean)).toBe(clean);
    expect(wellFormedRow({ title: 'cut \ud83d', map: { ['k\udc00']: 'v\ud800x' }, n: 1 })).toEqual({ title: 'cut \ufffd', map: { 'k\ufffd': 'v\ufffdx' }, n: 1 });
  });
});
