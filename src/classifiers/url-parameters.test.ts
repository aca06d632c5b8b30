// Query-string parsing into url_parameters and the UTM columns.
import { describe, expect, it } from 'vitest';
import { parseUrlParameters, utmFields } from './url-parameters.js';

describe('parseUrlParameters', () => {
  it.each<[string, Record<string, string>]>([
    ['', {}],
    ['?', {}],
    ['?utm_source=google&utm_medium=cpc', { utm_source: 'google', utm_medium: 'cpc' }],
    ['utm_source=google', { utm_source: 'google' }],
    ['?UTM_Source=Google&Ref=HN', { utm_source: 'Google', ref: 'HN' }],
    ['?a=1&a=2&A=3', { a: '1' }],
    ['?q=hello+world&x=%C3%A9t%C3%A9', { q: 'hello world', x: 'été' }],
    ['?bad=%E0%A4%A&ok=1', { bad: '%E0%A4%A', ok: '1' }],
    ['?half=100%&pct=%zz', { half: '100%', pct: '%zz' }],
    ['?flag&empty=&=orphan&&', { flag: '', empty: '' }],
    ['?eq=a=b=c', { eq: 'a=b=c' }],
    ['?%75tm_source=encoded', { utm_source: 'encoded' }],
    ['?__proto__=x&constructor=y', { ['__proto__']: 'x', constructor: 'y' }],
    ['??double=1', { '?double': '1' }],
  ])('%j', (querystring, expected) => {
    const params = parseUrlParameters(querystring);
    expect(Object.entries(params)).toEqual(Object.entries(expected));
  });

  it('stores a __proto__ key as data without touching the prototype', () => {
    const params = parseUrlParameters('?__proto__=x');
    expect(Object.getPrototypeOf(params)).toBe(null);
    expect(Object.keys(params)).toEqual(['__proto__']);
    expect(JSON.stringify(params)).toBe('{"__proto__":"x"}');
  });
});

describe('utmFields', () => {
  it.each<[string, object]>([
    [
      '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=shoes&utm_content=hero&x=1',
      { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', utm_term: 'shoes', utm_content: 'hero' },
    ],
    ['?UTM_MEDIUM=Social', { utm_source: '', utm_medium: 'Social', utm_campaign: '', utm_term: '', utm_content: '' }],
    ['', { utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' }],
  ])('%j', (querystring, expected) => {
    expect(utmFields(parseUrlParameters(querystring))).toEqual(expected);
  });
});
