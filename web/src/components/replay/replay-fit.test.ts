import { describe, expect, it } from 'vitest';
import { fitScale, fittedBox } from './replay-fit';

describe('fitting the recorded viewport', () => {
  it.each([
    ['a desktop recording in a phone-wide player', { width: 1280, height: 720 }, 320, 0.25],
    ['a recording narrower than the player (never enlarged)', { width: 390, height: 844 }, 900, 1],
    ['an exact fit', { width: 800, height: 600 }, 800, 1],
    ['an unknown viewport', null, 320, 1],
    ['a player not laid out yet', { width: 1280, height: 720 }, 0, 1],
  ] as const)('%s', (_label, recorded, available, scale) => {
    expect(fitScale(recorded, available)).toBe(scale);
  });

  it('takes the scaled box, rounded up', () => {
    expect(fittedBox({ width: 1280, height: 721 }, 0.25)).toEqual({ width: 320, height: 181 });
  });
});
