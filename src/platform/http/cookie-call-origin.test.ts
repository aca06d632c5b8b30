// Table of which cookie calls pass the same-origin rule.
import { describe, expect, it } from 'vitest';
import { isAllowedCookieCall } from './cookie-call-origin.js';

const OWN = 'https://loupe.example.com';

describe('isAllowedCookieCall', () => {
  it.each([
    ['GET', {}, true],
    ['HEAD', { origin: 'https://evil.example.com' }, true],
    ['OPTIONS', { origin: 'null' }, true],
    ['POST', { origin: OWN }, true],
    ['delete', { origin: OWN }, true],
    ['PATCH', { 'sec-fetch-site': 'same-origin' }, true],
    ['POST', {}, false],
    ['POST', { origin: 'https://evil.example.com' }, false],
    ['PUT', { origin: 'null' }, false],
    ['POST', { origin: '' }, false],
    ['POST', { origin: `${OWN}/` }, false],
    ['POST', { origin: 'https://loupe.example.com.evil.example' }, false],
    ['POST', { origin: 'http://loupe.example.com' }, false],
    ['POST', { origin: `${OWN}, https://evil.example.com` }, false],
    ['DELETE', { 'sec-fetch-site': 'cross-site' }, false],
    ['DELETE', { 'sec-fetch-site': 'same-site' }, false],
    ['DELETE', { 'sec-fetch-site': 'none' }, false],
    ['POST', { origin: 'https://evil.example.com', 'sec-fetch-site': 'same-origin' }, false],
    ['POST', { referer: `${OWN}/dashboard` }, false],
  ])('%s %j -> %s', (method, headers, expected) => {
    expect(isAllowedCookieCall(method, headers, OWN)).toBe(expected);
  });
});
