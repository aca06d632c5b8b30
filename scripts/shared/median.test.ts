import { describe, expect, it } from 'vitest';
import { median } from './median.js';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves out values that are not finite, and is NaN without any', () => {
    expect(median([5, Number.NaN, 1, Number.POSITIVE_INFINITY, 3])).toBe(3);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });
});
