// The quick check must never accept what the schema refuses, and must return exactly the schema's payload;
// and the schema itself must return the body as sent but for the default type.
import { describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../../test/helpers/seeded-random.js';
import { commonPayload } from './common-payload.js';
import { EVENT_TYPES } from './event-types.js';
import { TrackPayloadSchema } from './track.schema.js';

const LIMITS: Record<string, number> = {
  site_id: 64, hostname: 253, pathname: 2048, querystring: 2048, referrer: 2048, page_title: 512, language: 35,
  event_name: 256, properties: 4096, user_id: 255, anonymous_id: 255, tag: 256, user_agent: 1024,
};
const NUMERIC = ['screenWidth', 'screenHeight', 'lcp', 'cls', 'inp', 'fcp', 'ttfb', '_bs', '_bsm'];
const NUMBERS = [0, -0, 1, -1, 0.5, 65_535, 65_536, 2 ** 53 - 1, 2 ** 53, Number.POSITIVE_INFINITY, Number.NaN, 1e308];
const ODD_VALUES: unknown[] = [null, true, [], {}, '', ' ', '12', 0];
const PROPERTIES = ['', '{}', '{"a":1}', '[]', '[1]', 'null', '"x"', '1', 'not json', '{"url":"https://x.test"}', `{"k":"${'v'.repeat(2050)}"}`];
const IPS = ['8.8.8.8', '::1', '2001:db8::1', '256.1.1.1', 'localhost', '', '1.2.3'];

function valueFor(r: SeededRandom, key: string): unknown {
  if (r.chance(0.1)) return r.pick(ODD_VALUES);
  if (key === 'type') return r.chance(0.1) ? r.pick(['PAGEVIEW', 'click', null, 3]) : r.pick([...EVENT_TYPES]);
  if (key === 'properties') return r.pick(PROPERTIES);
  if (key === 'ip_address') return r.pick(IPS);
  if (key === 'feature_flags') return r.pick([{}, { a: 'b' }, { a: 1 }]);
  if (NUMERIC.includes(key)) return r.chance(0.15) ? r.pick([null, '1']) : r.pick(NUMBERS);
  const limit = LIMITS[key] ?? 10;
  const length = r.pick([0, 1, r.int(2, limit - 1), limit, limit + 1]);
  return 'é'.repeat(Math.max(0, length));
}

function randomBody(r: SeededRandom): Record<string, unknown> {
  const keys = [...Object.keys(LIMITS), ...NUMERIC, 'type', 'ip_address', 'feature_flags'];
  const body: Record<string, unknown> = r.chance(0.95) ? { site_id: 'site-1' } : {};
  for (const key of keys) if (r.chance(0.25)) body[key] = valueFor(r, key);
  if (r.chance(0.05)) body[r.pick(['extra', 'constructor', 'toString'])] = 'x';
  if (r.chance(0.03)) return JSON.parse(JSON.stringify(body).replace(/^\{/, '{"__proto__":{"polluted":1},')) as Record<string, unknown>;
  return body;
}

describe('the quick payload check', () => {
  it('accepts a plain pageview and defaults its type like the schema', () => {
    const body = { site_id: 'abc', pathname: '/a', screenWidth: 1280, lcp: null };
    expect(commonPayload(body)).toEqual({ site_id: 'abc', pathname: '/a', screenWidth: 1280, lcp: null, type: 'pageview' });
  });

  it('leaves bodies it cannot decide to the schema', () => {
    expect(commonPayload({ site_id: 'abc', type: 'outbound', properties: '{"url":"https://x.test"}' })).toBeUndefined();
    expect(commonPayload({ site_id: 'abc', type: null })).toBeUndefined();
    expect(commonPayload({ site_id: 'abc', feature_flags: { a: 'b' } })).toBeUndefined();
    expect(commonPayload({ site_id: 'abc', type: 'custom_event' })).toBeUndefined();
  });

  it('agrees with the schema on 20,000 random bodies whenever it decides', () => {
    const r = seededRandom(7);
    let decided = 0;
    let refusedBySchema = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const body = randomBody(r);
      const parsed = TrackPayloadSchema.safeParse(body);
      if (!parsed.success) refusedBySchema += 1;
      // The spool splices the request body in as sent (intakeLine): the schema may only add the default type.
      else expect(parsed.data).toStrictEqual({ ...body, type: body.type === undefined ? 'pageview' : body.type });
      const quick = commonPayload(body);
      if (quick === undefined) continue;
      decided += 1;
      expect(parsed.success, JSON.stringify(body)).toBe(true);
      expect(quick).toStrictEqual(parsed.data);
    }
    // Both outcomes occur often enough for the comparison to mean something.
    expect(decided).toBeGreaterThan(1_000);
    expect(refusedBySchema).toBeGreaterThan(5_000);
    // About 3 s alone; a fast-tier run beside browser tests on two cores has taken past the default 10 s.
  }, 60_000);
});
