// goal_ids: JSON arrays and comma lists of positive integers; anything else is refused.
import { describe, expect, it } from 'vitest';
import { readGoalIds } from './goal-ids-param.js';

describe('readGoalIds', () => {
  it.each([
    ['[1,2]', [1, 2]],
    ['["3", 4]', [3, 4]],
    ['1,2,2', [1, 2]],
    [' 7 ', [7]],
    ['[]', []],
    ['', []],
    ['[99999999999]', undefined],
    ['[9999999999]', []],
  ])('%j -> %j', (text, ids) => {
    expect(readGoalIds(text)).toEqual(ids);
  });

  it.each(['[1,', '{"a":1}', '[0]', '[-1]', '[1.5]', '["1", null]', 'abc', '1,,2', '0x3', `[${Array(101).fill(1).join(',')}]`])('refuses %j', (text) => {
    expect(readGoalIds(text)).toBeUndefined();
  });
});
