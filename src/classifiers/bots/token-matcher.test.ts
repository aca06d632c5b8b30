import { describe, expect, it } from 'vitest';
import { createTokenMatcher } from './token-matcher.js';

const entries = [
  { token: 'Googlebot', id: 1 },
  { token: 'Googlebot-Image', id: 2 },
  { token: 'DotBot', id: 3 },
  { token: 'curl/', id: 4 },
  { token: 'Yahoo! Slurp', id: 5 },
  { token: 'a.b', id: 6 },
];

describe('createTokenMatcher', () => {
  const match = createTokenMatcher(entries);
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 1],
    ['Googlebot-Image/1.0', 2],
    ['googlebot-image/1.0', 2],
    ['Mozilla/5.0 (compatible; DotBot/1.2)', 3],
    ['Mozilla/5.0 (compatible; MyDotBot/1.2)', null],
    ['curl/8.4.0', 4],
    ['curly', null],
    ['Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com)', 5],
    ['xa.b', null],
    ['axb', null],
    ['(a.b)', 6],
    ['curl/8 then Googlebot', 4],
    ['Googlebot then curl/8', 1],
    ['', null],
  ])('%s -> %s', (ua, id) => {
    expect(match(ua)?.id ?? null).toBe(id);
  });

  it('matches nothing with an empty list', () => {
    expect(createTokenMatcher([])('Googlebot')).toBeNull();
  });
});
