import { describe, expect, it } from 'vitest';
import { coalescedWindows } from './person-windows.query.js';

describe('coalescedWindows', () => {
  it('sorts the stretches and joins those that overlap or touch', () => {
    expect(coalescedWindows([{ from: 50, to: 60 }, { from: 0, to: 10 }, { from: 10, to: 20 }, { from: 15, to: 30 }])).toEqual([
      { from: 0, to: 30 },
      { from: 50, to: 60 },
    ]);
  });

  it('joins across the smallest gaps until at most the limit is left, covering every instant', () => {
    const windows = [{ from: 0, to: 1 }, { from: 3, to: 4 }, { from: 14, to: 15 }, { from: 16, to: 17 }, { from: 40, to: 41 }];
    expect(coalescedWindows(windows, 3)).toEqual([{ from: 0, to: 4 }, { from: 14, to: 17 }, { from: 40, to: 41 }]);
    expect(coalescedWindows(windows, 1)).toEqual([{ from: 0, to: 41 }]);
    expect(coalescedWindows([], 3)).toEqual([]);
  });
});
