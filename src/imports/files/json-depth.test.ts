// Nesting depth of JSON text, strings and escapes aside.
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets in strings or escaped quotes', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[[\\"","b":{}}', 2)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 64)).toBe(true);
  });
});
