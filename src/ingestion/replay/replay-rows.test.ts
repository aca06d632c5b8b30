// A batch's events move onto the server's clock only when the device's clock is clearly off.
import { describe, expect, it } from 'vitest';
import { MAX_RECORDING_MS, onServerClock, withinRecordingLimit } from './replay-rows.js';

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

describe('withinRecordingLimit', () => {
  it('keeps a batch inside the limit as it is and drops the events after the limit', () => {
    const inside = events(0, 1_000);
    expect(withinRecordingLimit(inside, at)).toBe(inside);
    expect(withinRecordingLimit(events(MAX_RECORDING_MS - 1, MAX_RECORDING_MS, MAX_RECORDING_MS + 1), at).map((event) => event.timestamp - at)).toEqual([MAX_RECORDING_MS - 1, MAX_RECORDING_MS]);
    expect(withinRecordingLimit(events(MAX_RECORDING_MS + 1), at)).toEqual([]);
  });
});
