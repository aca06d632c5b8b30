// Session ids in paths: decimal UInt64 only; anything else is simply not a session.
import { describe, expect, it } from 'vitest';
import { parseSessionId } from './session-detail.query.js';

describe('parseSessionId', () => {
  it.each([
    ['0', 0n],
    ['101', 101n],
    ['18446744073709551615', 18446744073709551615n],
    ['007', 7n],
    ['18446744073709551616', undefined],
    ['123456789012345678901', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['abc', undefined],
    [' 1', undefined],
    ['', undefined],
  ])('reads %j as %s', (text, expected) => {
    expect(parseSessionId(text)).toBe(expected);
  });
});
