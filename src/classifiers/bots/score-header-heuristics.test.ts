import { describe, expect, it } from 'vitest';
import type { BrowserClaim } from './browser-claim.js';
import { type RequestHeaders, scoreHeaderHeuristics } from './score-header-heuristics.js';

const CHROME_124: BrowserClaim = { family: 'chromium', major: 124 };
const FIREFOX_121: BrowserClaim = { family: 'firefox', major: 121 };
const SAFARI_17: BrowserClaim = { family: 'safari', major: 17 };
const SAFARI_15: BrowserClaim = { family: 'safari', major: 15 };

const base: RequestHeaders = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
};
const fetchMeta: RequestHeaders = { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' };
const chromeHints: RequestHeaders = {
  'sec-ch-ua': '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
};
const chrome: RequestHeaders = { ...base, ...fetchMeta, ...chromeHints };

function without(headers: RequestHeaders, ...names: string[]): RequestHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

describe('scoreHeaderHeuristics', () => {
  it.each<[string, RequestHeaders, BrowserClaim | null, number, string[], boolean]>([
    ['Chrome over HTTPS', chrome, CHROME_124, 0, [], false],
    ['Firefox over HTTPS', { ...base, ...fetchMeta }, FIREFOX_121, 0, [], false],
    ['Safari 17 over HTTPS', { ...base, ...fetchMeta }, SAFARI_17, 0, [], false],
    ['Safari 15 sends no fetch metadata', base, SAFARI_15, 0, [], false],
    ['mixed-case header names and array values', { Accept: ['*/*'], 'Accept-Encoding': 'gzip', 'Accept-Language': 'de', ...fetchMeta, ...chromeHints }, CHROME_124, 0, [], false],
    ['Chrome over plain HTTP: no fetch metadata, no client hints', base, CHROME_124, 2, ['missing_fetch_metadata', 'missing_client_hints'], false],
    ['Chrome behind a proxy stripping Accept-Language', without(chrome, 'accept-language'), CHROME_124, 2, ['missing_accept_language'], false],
    ['empty Accept-Language counts as missing', { ...chrome, 'accept-language': '  ' }, CHROME_124, 2, ['missing_accept_language'], false],
    ['Chrome without Accept-Encoding', without(chrome, 'accept-encoding'), CHROME_124, 1, ['missing_accept_encoding'], false],
    ['old headless Chrome: no Accept-Language over HTTP', without(base, 'accept-language'), CHROME_124, 4, ['missing_accept_language', 'missing_fetch_metadata', 'missing_client_hints'], true],
    ['new headless Chrome announces itself in sec-ch-ua', { ...chrome, 'sec-ch-ua': '"HeadlessChrome";v="124", "Chromium";v="124"' }, CHROME_124, 3, ['headless_brand'], true],
    ['Firefox user agent with Chrome client hints', { ...base, ...fetchMeta, ...chromeHints }, FIREFOX_121, 2, ['client_hints_on_non_chromium'], false],
    ['spoofed Firefox user agent without Accept-Language', without({ ...base, ...fetchMeta, ...chromeHints }, 'accept-language'), FIREFOX_121, 4, ['missing_accept_language', 'client_hints_on_non_chromium'], true],
    ['Chrome user agent claiming another version than its client hints', { ...chrome, 'sec-ch-ua': '"Chromium";v="110", "Google Chrome";v="110"' }, CHROME_124, 2, ['client_hints_version_mismatch'], false],
    ['version mismatch plus no Accept', without({ ...chrome, 'sec-ch-ua': '"Chromium";v="110"' }, 'accept'), CHROME_124, 3, ['client_hints_version_mismatch', 'missing_accept'], true],
    ['curl: only Accept', { accept: '*/*' }, null, 3, ['missing_accept_language', 'missing_accept_encoding'], true],
    ['python-requests: Accept and Accept-Encoding', { accept: '*/*', 'accept-encoding': 'gzip, deflate' }, null, 2, ['missing_accept_language'], false],
    ['no headers at all, no browser claim', {}, null, 4, ['missing_accept_language', 'missing_accept', 'missing_accept_encoding'], true],
    ['Chrome 79 predates fetch metadata', base, { family: 'chromium', major: 79 }, 0, [], false],
    ['Chrome 85 has fetch metadata but predates client hints', base, { family: 'chromium', major: 85 }, 1, ['missing_fetch_metadata'], false],
    ['an unknown browser family has no version rules', base, { family: 'other', major: 0 }, 0, [], false],
  ])('%s', (_name, headers, browser, score, signals, flagged) => {
    expect(scoreHeaderHeuristics(headers, browser)).toEqual({ score, signals, flagged });
  });

  it('never flags a mainstream browser for any single missing header', () => {
    for (const name of Object.keys(chrome)) {
      expect(scoreHeaderHeuristics(without(chrome, name), CHROME_124).flagged, name).toBe(false);
    }
  });
});
