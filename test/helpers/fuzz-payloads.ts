// Random and mutated tracking requests for fuzzing /api/track and /api/identify: wrong types, junk text, odd bytes, prototype keys.
import type { SeededRandom } from './seeded-random.js';
import { browserHeaders, USER_AGENTS } from './track-client.js';

export interface FuzzRequest {
  readonly url: '/api/track' | '/api/identify';
  readonly body: string | Buffer;
  readonly headers: Record<string, string>;
  /** What the generator did, for failure messages. */
  readonly strategy: string;
}

export interface FuzzTarget {
  /** Public id of an existing site. */
  readonly siteId: string;
  readonly numericSiteId: number;
  /** A valid key of the site's organization (used sparingly: keys are rate limited). */
  readonly key: string;
}

const TRACK_FIELDS = [
  'site_id', 'type', 'hostname', 'pathname', 'querystring', 'referrer', 'page_title', 'language', 'screenWidth', 'screenHeight',
  'event_name', 'properties', 'lcp', 'cls', 'inp', 'fcp', 'ttfb', 'user_id', 'anonymous_id', 'tag', 'ip_address', 'user_agent',
  '_bs', '_bsm', 'feature_flags',
] as const;
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];
const TYPES = ['pageview', 'custom_event', 'performance', 'outbound', 'error', 'button_click', 'copy', 'form_submit', 'input_change'];
const SNIPPETS = [
  '', ' ', '/', '?', '%', '%E0%A4%A', '\u0000', '\u0007\u001b', 'null', 'undefined', 'NaN', '-0', '1e309', '0x10', '9007199254740993',
  '{}', '[]', '{"url":"https://x.test"}', '{"message":"m"}', '"quoted"', '<script>alert(1)</script>', "' OR 1=1 --", '{name:String}',
  '\u202egnirts', 'Z\u0351\u0363\u0364a\u0310\u0302l', '日本語のテキスト', '👩‍👩‍👧‍👦', '\ud800', '\udfff', 'a\ud83dz', '\ufeff', '\r\n\t',
  'https://example.com/path?x=1#frag', 'javascript:void(0)', '8.8.8.8', '::1', '1', '1.5', 'true', 'www.example.com', '__proto__',
];
const NUMBERS = [0, -0, 1, -1, 1.5, 42, 65_535, 65_536, 100_000, 2 ** 31, 2 ** 32 + 1, 2 ** 53 + 1, 1e308, -1e308, 5e-324, 0.1 + 0.2];

function randomText(r: SeededRandom): string {
  const roll = r.int(0, 9);
  if (roll < 4) return r.pick(SNIPPETS);
  if (roll < 6) return Array.from({ length: r.int(1, 6) }, () => r.pick(SNIPPETS)).join(r.pick(['', '&', '=', '/', '.']));
  if (roll < 8) return String.fromCharCode(...Array.from({ length: r.int(1, 40) }, () => r.int(0, 0xffff)));
  // Long text, sometimes beyond every field limit and the body limit.
  return r.pick(SNIPPETS.slice(20)).repeat(r.pick([100, 300, 1100, 3000, 70_000]));
}

export function randomValue(r: SeededRandom, depth = 0): unknown {
  const roll = r.int(0, depth > 2 ? 5 : 8);
  if (roll <= 1) return randomText(r);
  if (roll === 2) return r.pick(NUMBERS);
  if (roll === 3) return String(r.pick(NUMBERS));
  if (roll === 4) return r.pick([true, false]);
  if (roll === 5) return null;
  if (roll === 6) return Array.from({ length: r.int(0, 4) }, () => randomValue(r, depth + 1));
  const object: Record<string, unknown> = {};
  for (let n = r.int(0, 4); n > 0; n -= 1) {
    const key = r.chance(0.3) ? r.pick(PROTOTYPE_KEYS) : r.chance(0.5) ? r.pick(TRACK_FIELDS) : randomText(r).slice(0, 50);
    Object.defineProperty(object, key, { value: randomValue(r, depth + 1), enumerable: true, configurable: true, writable: true });
  }
  return object;
}

/** A payload that passes validation, of a random type. */
function validPayload(r: SeededRandom, target: FuzzTarget): Record<string, unknown> {
  const type = r.pick(TYPES);
  const payload: Record<string, unknown> = { site_id: r.chance(0.2) ? String(target.numericSiteId) : target.siteId, type, pathname: `/fuzz/${r.int(0, 1e6)}` };
  if (type === 'custom_event') Object.assign(payload, { event_name: 'fuzz', properties: '{"a":1}' });
  if (type === 'outbound') payload.properties = '{"url":"https://other.example.org/"}';
  if (type === 'error') Object.assign(payload, { event_name: 'TypeError', properties: '{"message":"boom"}' });
  if (type === 'performance') Object.assign(payload, { lcp: 1200, cls: 0.01 });
  return payload;
}

function mutate(r: SeededRandom, payload: Record<string, unknown>): Record<string, unknown> {
  const mutated: Record<string, unknown> = { ...payload };
  for (let n = r.int(1, 3); n > 0; n -= 1) {
    const key = r.chance(0.85) ? r.pick(TRACK_FIELDS) : r.pick([...PROTOTYPE_KEYS, 'extra', 'url']);
    if (r.chance(0.15)) delete mutated[key];
    else Object.defineProperty(mutated, key, { value: key === 'properties' && r.chance(0.5) ? JSON.stringify(randomValue(r)) : randomValue(r), enumerable: true, configurable: true, writable: true });
  }
  return mutated;
}

function randomBytes(r: SeededRandom): Buffer {
  return Buffer.from(Array.from({ length: r.int(0, 300) }, () => r.int(0, 255)));
}

function randomHeaders(r: SeededRandom, target: FuzzTarget): Record<string, string> {
  const roll = r.int(0, 9);
  const headers: Record<string, string> =
    roll < 5 ? browserHeaders({ userAgent: r.pick(Object.values(USER_AGENTS)) }) : roll < 7 ? browserHeaders({ origin: r.pick(['https://www.example.com', 'https://evil.test', 'null', randomText(r).replace(/[^\x20-\x7e]/g, '')]) }) : {};
  if (roll >= 7) headers['content-type'] = r.pick(['application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16']);
  if (r.chance(0.1)) headers['user-agent'] = randomText(r).replace(/[^\x20-\x7e]/g, '').slice(0, 2000);
  const auth = r.int(0, 19);
  if (auth === 0) headers.authorization = `Bearer ${target.key}`;
  else if (auth === 1) headers.authorization = r.pick(['Bearer ', 'Bearer lpo_fake', 'Basic dXNlcjpwYXNz', `Bearer ${'x'.repeat(5000)}`]);
  return headers;
}

/** One random request: mostly mutations of valid payloads, also random JSON values, prototype-key JSON text and raw bytes. */
export function fuzzRequest(r: SeededRandom, target: FuzzTarget): FuzzRequest {
  const url = r.chance(0.85) ? '/api/track' : '/api/identify';
  const headers = randomHeaders(r, target);
  const roll = r.int(0, 19);
  if (roll < 10) return { url, headers, strategy: 'mutated valid payload', body: JSON.stringify(mutate(r, validPayload(r, target))) };
  if (roll < 12) return { url, headers, strategy: 'valid payload', body: JSON.stringify(validPayload(r, target)) };
  if (roll < 15) return { url, headers, strategy: 'random JSON value', body: JSON.stringify(randomValue(r)) ?? 'null' };
  if (roll < 17) {
    const junk = JSON.stringify(randomValue(r, 1)) ?? 'null';
    const key = r.pick(PROTOTYPE_KEYS);
    return { url, headers, strategy: 'prototype key in JSON text', body: `{"site_id":${JSON.stringify(target.siteId)},"${key}":${junk},"feature_flags":{"${key}":"x"},"user_id":"u"}` };
  }
  if (roll < 19) return { url, headers, strategy: 'random bytes', body: randomBytes(r) };
  const valid = JSON.stringify(validPayload(r, target));
  return { url, headers, strategy: 'truncated JSON', body: valid.slice(0, r.int(0, valid.length - 1)) };
}
