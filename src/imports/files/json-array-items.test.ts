// Items of a streamed JSON array, split across chunks anywhere, and what is not one array.
import { describe, expect, it } from 'vitest';
import { jsonArrayItems } from './json-array-items.js';

async function items(chunks: readonly string[]): Promise<unknown[]> {
  async function* feed() {
    yield* chunks;
  }
  const out: unknown[] = [];
  for await (const { item } of jsonArrayItems(feed(), 'f.json')) out.push(item);
  return out;
}

describe('jsonArrayItems', () => {
  it('yields each object, whatever the chunk boundaries and brackets inside strings', async () => {
    const text = ' [ {"a":"x]}\\"{","b":[1,{"c":2}]} ,\n{"d":{}} ]\n';
    const expected = [{ a: 'x]}"{', b: [1, { c: 2 }] }, { d: {} }];
    expect(await items([text])).toEqual(expected);
    expect(await items(text.split(''))).toEqual(expected);
    expect(await items(['[]'])).toEqual([]);
  });
  it.each([
    ['{"a":1}', 'f.json: not a JSON array'],
    ['[{"a":1}', 'f.json: the array is cut short'],
    ['[1,2]', 'f.json item 1: expected an object'],
    ['[{"a":1}][]', 'f.json: more than one JSON value'],
    ['[{"a":1}}]', 'f.json: not valid JSON'],
    [`[{"a":${'['.repeat(100)}${']'.repeat(100)}}]`, 'f.json item 1: nested deeper than 64 levels'],
  ])('refuses %s', async (text, message) => {
    await expect(items([text])).rejects.toThrow(message);
  });
});
