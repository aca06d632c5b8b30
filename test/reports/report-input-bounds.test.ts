// Report parameters the store could not take (numbers beyond its types, regexes its RE2 refuses) are 400s naming the parameter, never 500s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SegmentRepository } from '../../src/segments/segment.repository.js';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const filter = (type: string, value: unknown[]) => `filters=${encodeURIComponent(JSON.stringify([{ parameter: 'browser_version', type, value }]))}`;
/** A raw JSON filter list, for numbers JSON.stringify would spell differently. */
const rawFilters = (json: string) => `filters=${encodeURIComponent(json)}`;
const regex = (pattern: string) => filter('regex', [pattern]);
const FORTY_ONE_DIGITS = '1'.repeat(41);

describe('report input the store cannot take', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'bounds@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'bounds-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'bounds.example.com' })).siteId;
    await seedEvents(t, siteId, [{ at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'u1', pathname: '/', browser: 'Chrome', browser_version: '126' }]);
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });

  it.each([
    ['greater_than 1e308', rawFilters('[{"parameter":"browser_version","type":"greater_than","value":[1e308]}]'), 'filters'],
    ['less_than -1e308', rawFilters('[{"parameter":"browser_version","type":"less_than","value":[-1e308]}]'), 'filters'],
    ['greater_than a 41-digit number', rawFilters(`[{"parameter":"browser_version","type":"greater_than","value":[${FORTY_ONE_DIGITS}]}]`), 'filters'],
    ['greater_than a 41-digit numeric string', filter('greater_than', [FORTY_ONE_DIGITS]), 'filters'],
    ['less_than_or_equal 2^53', filter('less_than_or_equal', [2 ** 53]), 'filters'],
    ['past_minutes_start of 20 digits', 'past_minutes_start=99999999999999999999&past_minutes_end=0', 'past_minutes_start'],
    ['past_minutes_end of 20 digits', 'past_minutes_start=1&past_minutes_end=99999999999999999999', 'past_minutes_end'],
    ['past_minutes_start beyond a century', 'past_minutes_start=52704001&past_minutes_end=0', 'past_minutes_start'],
    ['segment_id beyond a 32-bit id', 'segment_id=9999999999999999', 'segment_id'],
    ['regex a{1001}', regex('a{1001}'), 'filters'],
    ['regex (a{100}){100}', regex('(a{100}){100}'), 'filters'],
    ['regex \\Z', regex('abc\\Z'), 'filters'],
    ['regex \\e', regex('\\e'), 'filters'],
    ['regex \\p{Foo}', regex('\\p{Foo}'), 'filters'],
    ['regex [[:foo:]]', regex('[[:foo:]]'), 'filters'],
    ['not_regex a**', filter('not_regex', ['a**']), 'filters'],
  ])('/overview answers 400 naming the parameter for %s', async (_name, query, parameter) => {
    const res = await get(`/overview?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('names the RE2 reason in the message', async () => {
    const res = await get(`/overview?${regex('a{1001}')}`);
    expect(res.json()).toEqual({ error: "Invalid filters: bad regex 'a{1001}' (invalid repetition size: {1001})" });
  });

  it.each([
    '/overview/time-series?bucket=day&', '/metric?parameter=pathname&', '/sessions?', '/users?', '/events?', '/events/names?', '/page-titles?',
    '/journeys?', '/retention?', '/goals?', '/errors/names?', '/performance/overview?', '/bots/overview?', '/user-traits/keys?',
  ])(
    '%s answers 400 for a regex RE2 refuses and for a number beyond Float64 comparisons',
    async (path) => {
      expect((await get(`${path}${regex('(a{100}){100}')}`)).statusCode).toBe(400);
      expect((await get(`${path}${filter('greater_than', [FORTY_ONE_DIGITS])}`)).statusCode).toBe(400);
    },
  );

  it('answers 400 naming filters on a funnel analysis (a POST report)', async () => {
    const steps = [{ type: 'page', value: '/' }, { type: 'page', value: '/b' }];
    const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels/analyze?${regex('\\e')}`, payload: { steps } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Invalid filters: bad regex '\\e' (invalid escape sequence: \\e)" });
  });

  it.each(['2147483648', '9999999999999999'])('answers 400 naming segmentId for segment id %s, beyond a 32-bit key', async (id) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/segments/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Invalid path parameter 'segmentId': expected a positive integer");
  });

  it.each([
    ['POST', ''],
    ['PUT', '/existing'],
  ])('refuses to save (%s) a segment whose regex RE2 refuses, naming filters', async (method, suffix) => {
    const existing = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/segments`, payload: { name: 'ok', filters: [{ parameter: 'pathname', type: 'regex', value: ['^/'] }] } });
    expect(existing.statusCode).toBe(200);
    const url = `/api/sites/${siteId}/segments${suffix === '' ? '' : `/${existing.json().segmentId as number}`}`;
    const res = await call(t.app, owner, { method: method as 'POST' | 'PUT', url, payload: { name: 'bad', filters: [{ parameter: 'pathname', type: 'regex', value: ['\\Z'] }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Invalid filters: bad regex '\\Z' (invalid escape sequence: \\Z)" });
  });

  it('answers 400 naming segment_id for a segment saved before its regex was judged', async () => {
    const saved = await new SegmentRepository(t.services.metadata.db).create(siteId, { name: 'old', filters: [{ parameter: 'pathname', type: 'regex', value: ['\\Z'] }] }, null);
    const res = await get(`/overview?segment_id=${saved.segmentId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Invalid segment_id: bad regex '\\Z' (invalid escape sequence: \\Z)" });
  });

  it.each([
    ['regex a{1000}', regex('^1{1,1000}2{0,1000}6$'), 1],
    ['regex (a{10}){100}', regex('^(1{0,10}){100}26$'), 1],
    ['greater_than 2^53 - 1', filter('greater_than', [Number.MAX_SAFE_INTEGER]), 0],
    ['greater_than_or_equal 126.0', filter('greater_than_or_equal', ['126.0']), 1],
    ['past minutes covering a century', 'past_minutes_start=52704000&past_minutes_end=0', 1],
  ])('still accepts %s at the edge', async (_name, query, sessions) => {
    const res = await get(`/overview?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sessions).toBe(sessions);
  });
});
