// The bits and weights the tracker sends match catalogs/headless-signals.json, signal for signal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Catalog { signals: { bit: number; weight: number }[] }

describe('bot signal bits and weights', () => {
  it('equal the catalog for every bit the tracker observes', () => {
    const catalog = JSON.parse(readFileSync(new URL('../../catalogs/headless-signals.json', import.meta.url), 'utf8')) as Catalog;
    const source = readFileSync(new URL('./bot-signals.ts', import.meta.url), 'utf8');
    const used = [...source.matchAll(/, (\d+), (\d)\);\n/g)].map((match) => [Number(match[1]), Number(match[2])]);
    expect(used.map(([bit]) => bit)).toEqual([1, 2, 4, 8, 16, 32, 128]);
    for (const [bit, weight] of used) expect(catalog.signals.find((signal) => signal.bit === bit)?.weight).toBe(weight);
  });
});
