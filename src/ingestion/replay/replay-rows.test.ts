// A batch's events move onto the server's clock only when the device's clock is clearly off.
import { describe, expect, it } from 'vitest';
import { onServerClock } from './replay-rows.js';

const at = 1_700_000_000_000;
const events = (...offsets: number[]) => offsets.map((offset) => ({ type: 3, data: {}, timestamp: at + offset }));

describe('onServerClock', () => {
  it.each([
    ['events just before receipt', [-5_000, -1_000], 0],
    ['a batch that waited ten minutes', [-600_000, -590_000], 0],
    ['a device clock a minute ahead', [-1_000, 60_000], 0],
    ['a device clock an hour ahead', [3_599_000, 3_600_000], -3_600_000],
    ['a device clock a day behind', [-86_401_000, -86_400_000], 86_400_000],
  ] as const)('%s: shifted by %s', (_label, offsets, shift) => {
    const input = events(...offsets);
    expect(onServerClock(input, at).map((event) => event.timestamp)).toEqual(offsets.map((offset) => at + offset + shift));
  });
});
