// The y range of series charts, and the data areas' bench states.
import { describe, expect, it } from 'vitest';
import { benchState } from './bench-state';
import { yRange } from './series-range';

describe('yRange', () => {
  it.each<[Array<number | null>, number[], [number, number]]>([
    [[1, 5, null, 3], [], [0, 5.5]],
    [[100, 300], [2500, 4000], [0, 2750]],
    [[3000, 5000], [2500, 4000], [0, 5500]],
    [[null, null], [], [0, 1]],
    [[0, 0], [], [0, 1]],
    [[], [0.1, 0.25], [0, 0.11000000000000001]],
  ])('%j with guides %j spans %j', (values, guides, range) => {
    expect(yRange(values, guides)).toEqual(range);
  });
});

describe('benchState', () => {
  it.each([
    [false, false, 'loading'], [false, true, 'loading'], [true, false, 'ready'], [true, true, 'empty'],
  ] as const)('answered %s, empty %s: %s', (answered, empty, state) => {
    expect(benchState(answered, empty)).toBe(state);
  });
});
