// POST /api/track and /api/identify validation over HTTP: every rule answers 400 with the exact tracking error body, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/analytics-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, postRaw, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

interface Details {
  readonly fieldErrors: Record<string, string[]>;
  readonly formErrors: string[];
}

const tooLong = (limit: number) => `Too big: expected string to have <=${limit} characters`;
const field = (name: string, ...messages: string[]): Details => ({ fieldErrors: { [name]: messages }, formErrors: [] });
const form = (...messages: string[]): Details => ({ fieldErrors: {}, formErrors: messages });
/** A JSON object document of exactly `length` characters. */
const jsonOfLength = (length: number) => JSON.stringify({ k: 'x'.repeat(length - 8) });
const TYPE_OPTIONS = '"pageview"|"custom_event"|"performance"|"outbound"|"error"|"button_click"|"copy"|"form_submit"|"input_change"|"engagement"';

/** [case, payload fields beside site_id, expected details]. */
const PAYLOAD_CASES: ReadonlyArray<readonly [string, Record<string, unknown>, Details]> = [
  ['custom event without event_name', { type: 'custom_event' }, form('Custom events require event_name')],
  ['custom event with an empty event_name', { type: 'custom_event', event_name: '' }, form('Custom events require event_name')],
  ['error without event_name', { type: 'error', properties: '{"message":"boom"}' }, form('Error events require event_name (the error type)')],
  ['unknown fields', { url: '/x', visitor: 'v' }, { fieldErrors: { url: ['Unrecognized field'], visitor: ['Unrecognized field'] }, formErrors: [] }],
  ['unknown type', { type: 'click' }, field('type', `Invalid option: expected one of ${TYPE_OPTIONS}`)],
  ['site_id missing', { site_id: undefined }, field('site_id', 'Invalid input: expected string, received undefined')],
  ['site_id a number', { site_id: 1 }, field('site_id', 'Invalid input: expected string, received number')],
  ['site_id empty', { site_id: '' }, field('site_id', 'Too small: expected string to have >=1 characters')],
  ['hostname too long', { hostname: 'h'.repeat(254) }, field('hostname', tooLong(253))],
  ['pathname too long', { pathname: `/${'p'.repeat(2048)}` }, field('pathname', tooLong(2048))],
  ['querystring too long', { querystring: `?${'q'.repeat(2048)}` }, field('querystring', tooLong(2048))],
  ['referrer too long', { referrer: `https://r.example/${'r'.repeat(2031)}` }, field('referrer', tooLong(2048))],
  ['page_title too long', { page_title: 't'.repeat(513) }, field('page_title', tooLong(512))],
  ['language too long', { language: 'l'.repeat(36) }, field('language', tooLong(35))],
  ['event_name too long', { type: 'custom_event', event_name: 'e'.repeat(257) }, field('event_name', tooLong(256))],
  ['user_id too long', { user_id: 'u'.repeat(256) }, field('user_id', tooLong(255))],
  ['anonymous_id empty', { anonymous_id: '' }, field('anonymous_id', 'Too small: expected string to have >=1 characters')],
  ['anonymous_id too long', { anonymous_id: 'a'.repeat(256) }, field('anonymous_id', tooLong(255))],
  ['tag too long', { tag: 'g'.repeat(257) }, field('tag', tooLong(256))],
  ['properties over 2048 on a custom event', { type: 'custom_event', event_name: 'e', properties: jsonOfLength(2049) }, field('properties', tooLong(2048))],
  ['properties over 4096 on an error', { type: 'error', event_name: 'TypeError', properties: JSON.stringify({ message: 'm'.repeat(4090) }) }, field('properties', tooLong(4096))],
  ['properties not JSON', { type: 'custom_event', event_name: 'e', properties: '{plan: pro}' }, field('properties', 'Properties must be valid JSON')],
  ['properties a JSON array', { type: 'custom_event', event_name: 'e', properties: '[1,2]' }, field('properties', 'Properties must be a JSON object')],
  ['properties a JSON string', { type: 'button_click', properties: '"text"' }, field('properties', 'Properties must be a JSON object')],
  ['properties not a string', { type: 'custom_event', event_name: 'e', properties: { plan: 'pro' } }, field('properties', 'Invalid input: expected string, received object')],
  ['outbound without properties', { type: 'outbound' }, field('properties', 'Outbound events require properties')],
  ['outbound without url', { type: 'outbound', properties: '{"text":"Docs"}' }, field('properties', 'properties.url: Invalid input: expected string, received undefined')],
  ['outbound with a url that is not a URL', { type: 'outbound', properties: '{"url":"not a url"}' }, field('properties', 'properties.url: Invalid URL')],
  ['error without properties', { type: 'error', event_name: 'TypeError' }, field('properties', 'Error events require properties')],
  ['error without message', { type: 'error', event_name: 'TypeError', properties: '{"stack":"at x"}' }, field('properties', 'properties.message: Invalid input: expected string, received undefined')],
  ['error with a non-numeric lineNumber', { type: 'error', event_name: 'TypeError', properties: '{"message":"m","lineNumber":"12"}' }, field('properties', 'properties.lineNumber: Invalid input: expected number, received string')],
  ['negative screen width', { screenWidth: -1 }, field('screenWidth', 'Too small: expected number to be >=0')],
  ['fractional screen height', { screenHeight: 1.5 }, field('screenHeight', 'Invalid input: expected int, received number')],
  ['screen width beyond the stored range', { screenWidth: 65_536 }, field('screenWidth', 'Too big: expected number to be <=65535')],
  ['screen width as a string', { screenWidth: '1920' }, field('screenWidth', 'Invalid input: expected number, received string')],
  ['web vital as a string', { type: 'performance', lcp: 'fast' }, field('lcp', 'Invalid input: expected number, received string')],
  ['negative web vital', { type: 'performance', cls: -0.1 }, field('cls', 'Too small: expected number to be >=0')],
  ['ip_address not an IP', { ip_address: '999.1.1.1' }, field('ip_address', 'Invalid IP address')],
  ['negative _bs', { _bs: -1 }, field('_bs', 'Too small: expected number to be >=0')],
  ['_bsm as a string', { _bsm: '3' }, field('_bsm', 'Invalid input: expected number, received string')],
  ['feature flag value not a string', { feature_flags: { beta: true } }, field('feature_flags', 'Invalid input: expected string, received boolean')],
  ['feature flags over 2048 characters as JSON', { feature_flags: JSON.parse(jsonOfLength(2049)) }, field('feature_flags', 'Too big: expected feature_flags to have <=2048 characters as JSON')],
  [
    'feature flags of 61 KB in many small flags',
    { feature_flags: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`flag${i}`, 'v'.repeat(2000)])) },
    field('feature_flags', 'Too big: expected feature_flags to have <=2048 characters as JSON'),
  ],
  ['feature flags an array', { feature_flags: ['beta'] }, field('feature_flags', 'Invalid input: expected record, received array')],
  [
    'several problems at once',
    { type: 'custom_event', pathname: 5, extra: 1 },
    { fieldErrors: { extra: ['Unrecognized field'], pathname: ['Invalid input: expected string, received number'] }, formErrors: [] },
  ],
];

const BODY_LIMIT = 64 * 1024;

/** [case, raw body (undefined: none), content type (undefined: none), expected form error]. */
const BODY_CASES: ReadonlyArray<readonly [string, string | Buffer | undefined, string | undefined, string]> = [
  ['not JSON', 'site_id=abc&pathname=/', 'application/x-www-form-urlencoded', 'Request body is not valid JSON'],
  ['truncated JSON', '{"site_id":"abc","pathname":', 'application/json', 'Request body is not valid JSON'],
  ['a JSON array', '[{"site_id":"abc"}]', 'application/json', 'Expected a JSON object'],
  ['a JSON number', '42', 'application/json', 'Expected a JSON object'],
  ['JSON null', 'null', 'application/json', 'Expected a JSON object'],
  ['a JSON string', '"site_id"', 'text/plain;charset=UTF-8', 'Expected a JSON object'],
  ['JSON true', 'true', 'application/json', 'Expected a JSON object'],
  ['an empty body', '', 'application/json', 'Request body is empty'],
  ['a blank body', ' \n\t ', 'text/plain', 'Request body is empty'],
  ['no body and no content type', undefined, undefined, 'Request body is empty'],
  ['over 64 KiB of valid JSON', JSON.stringify({ site_id: 'abc', pathname: 'p'.repeat(BODY_LIMIT) }), 'application/json', `Request body exceeds ${BODY_LIMIT} bytes`],
  ['over 64 KiB of junk', 'x'.repeat(BODY_LIMIT + 1), 'text/plain', `Request body exceeds ${BODY_LIMIT} bytes`],
  ['invalid UTF-8 bytes', Buffer.from([0xff, 0xfe, 0x7b, 0x80]), 'application/json', 'Request body is not valid JSON'],
];

describe('tracking payload validation', () => {
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrackingFixture(t.app, 'validation', 'example.com');
  });
  afterAll(async () => t.close());

  it.each(PAYLOAD_CASES)('rejects %s with the exact details', async (_name, fields, details) => {
    const response = await track(t.app, { site_id: f.site.id, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'Invalid payload', details });
  });

  it.each(BODY_CASES)('rejects %s on both tracking paths', async (_name, body, contentType, formError) => {
    const headers = browserHeaders();
    delete headers['content-type'];
    if (contentType !== undefined) headers['content-type'] = contentType;
    for (const url of ['/api/track', '/api/identify'] as const) {
      const response = await postRaw(t.app, url, body, headers);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, error: 'Invalid payload', details: { fieldErrors: {}, formErrors: [formError] } });
    }
  });

  it('accepts a body of exactly 64 KiB (then judges its fields) and any content type a browser sends', async () => {
    const prefix = JSON.stringify({ site_id: f.site.id, pathname: '' }).length;
    const exact = JSON.stringify({ site_id: f.site.id, pathname: 'p'.repeat(BODY_LIMIT - prefix) });
    expect(Buffer.byteLength(exact)).toBe(BODY_LIMIT);
    const atLimit = await postRaw(t.app, '/api/track', exact);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().details).toEqual(field('pathname', tooLong(2048)));

    for (const contentType of ['application/json', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', undefined]) {
      const headers = browserHeaders();
      delete headers['content-type'];
      if (contentType !== undefined) headers['content-type'] = contentType;
      const body = JSON.stringify({ site_id: f.site.id, pathname: `/content-type/${contentType ?? 'none'}` });
      const response = await postRaw(t.app, '/api/track', body, headers);
      expect(response.statusCode, contentType).toBe(200);
      expect(response.json(), contentType).toEqual({ success: true });
    }
    expect(await countRows(t, 'events', f.site.siteId)).toBe(4);
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__'])('rejects an unknown field named %s with a 400, not a 500', async (key) => {
    const body = `{"site_id":${JSON.stringify(f.site.id)},"pathname":"/proto","${key}":{"type":"custom_event"}}`;
    for (const url of ['/api/track', '/api/identify'] as const) {
      const response = await postRaw(t.app, url, url === '/api/identify' ? body.replace('"pathname":"/proto"', '"user_id":"u"') : body);
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toBe(`{"success":false,"error":"Invalid payload","details":{"fieldErrors":{"${key}":["Unrecognized field"]},"formErrors":[]}}`);
    }
  });

  it('accepts feature_flags of exactly 2048 characters as JSON and stores the event', async () => {
    const before = await countRows(t, 'events', f.site.siteId);
    const flags = JSON.parse(jsonOfLength(2048)) as Record<string, string>;
    const response = await track(t.app, { site_id: f.site.id, pathname: '/flags-at-limit', feature_flags: flags });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await countRows(t, 'events', f.site.siteId)).toBe(before + 1);
  });

  it('stores nothing for a rejected payload', async () => {
    const before = await countRows(t, 'events', f.site.siteId);
    const response = await track(t.app, { site_id: f.site.id, type: 'custom_event', pathname: '/never' });
    expect(response.statusCode).toBe(400);
    expect(await countRows(t, 'events', f.site.siteId)).toBe(before);
    expect(await countRows(t, 'bot_events', f.site.siteId)).toBe(0);
  });
});
