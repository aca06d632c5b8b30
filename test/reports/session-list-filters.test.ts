// /sessions narrowed as Rybbit's clients ask: user_id, session_id, identified_only, min_pageviews/events/duration, limit up to 10,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const MAX_ID = '18446744073709551615';

// In range, newest start first: 303 (v1, 1 pageview, 0 s), MAX (v4, 1 pageview, 2 s),
// 202 (v2 identified as alice, 2 pageviews, 300 s), 101 (v1, 2 pageviews, 1 custom event, 135.5 s).
const EVENTS: SeedRow[] = [
  { session_id: 101, user_id: 'v1', at: '2026-03-10T10:00:00Z', pathname: '/' },
  { session_id: 101, user_id: 'v1', at: '2026-03-10T10:00:30Z', pathname: '/pricing' },
  { session_id: 101, user_id: 'v1', at: '2026-03-10T10:01:00Z', type: 'custom_event', event_name: 'signup' },
  { session_id: 101, user_id: 'v1', at: '2026-03-10T10:02:15.500Z', type: 'error', event_name: 'TypeError', props: '{"message":"boom"}' },
  { session_id: 202, user_id: 'v2', identified_user_id: 'alice', at: '2026-03-11T09:00:00Z', pathname: '/blog' },
  { session_id: 202, user_id: 'v2', identified_user_id: 'alice', at: '2026-03-11T09:05:00Z', pathname: '/blog/post' },
  { session_id: MAX_ID, user_id: 'v4', at: '2026-03-12T07:00:00Z', pathname: '/max' },
  { session_id: MAX_ID, user_id: 'v4', at: '2026-03-12T07:00:02Z', type: 'performance', lcp: 1200 },
  { session_id: 303, user_id: 'v1', at: '2026-03-12T08:00:00Z', pathname: '/docs' },
  // Outside the range: never listed.
  { session_id: 404, user_id: 'v1', at: '2026-02-01T09:00:00Z', pathname: '/old' },
  { session_id: 404, user_id: 'v1', at: '2026-02-01T09:01:00Z', pathname: '/old' },
];

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';

describe('sessions list narrowing', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;
  let busySiteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'session-filters@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'session-filters-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'narrow.example.com' })).siteId;
    busySiteId = (await createSite(t.app, owner, org, { domain: 'busy-narrow.example.com' })).siteId;
    await seedEvents(t, siteId, EVENTS);
    // 1,200 one-pageview sessions a minute apart, and before them all the only session with two pageviews.
    const minute = (n: number) => new Date(Date.parse('2026-03-02T00:00:00Z') + n * 60_000).toISOString();
    await seedEvents(t, busySiteId, [
      { at: '2026-03-01T00:00:00Z', session_id: 9000, user_id: 'early', pathname: '/a' },
      { at: '2026-03-01T00:01:00Z', session_id: 9000, user_id: 'early', pathname: '/b' },
      ...Array.from({ length: 1200 }, (_, i) => ({ at: minute(i), session_id: i + 1, user_id: `b${i + 1}`, pathname: '/' })),
    ]);
  });
  afterAll(async () => t.close());

  const get = (site: number, qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/sessions?${qs}` });
  const ids = async (qs: string, site = siteId) => {
    const res = await get(site, `${RANGE}&${qs}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<{ session_id: string }>).map((row) => row.session_id);
  };

  it.each([
    ['', ['303', MAX_ID, '202', '101']],
    ['user_id=v1', ['303', '101']],
    ['user_id=alice', ['202']],
    ['user_id=v2', ['202']],
    ['user_id=nobody', []],
    ['session_id=202', ['202']],
    [`session_id=${MAX_ID}`, [MAX_ID]],
    ['session_id=404', []],
    ['session_id=abc', []],
    ['session_id=18446744073709551616', []],
    ['identified_only=true', ['202']],
    ['identified_only=false', ['303', MAX_ID, '202', '101']],
    ['min_pageviews=2', ['202', '101']],
    ['min_pageviews=3', []],
    ['min_events=1', ['101']],
    ['min_duration=136', ['202']],
    ['min_duration=135', ['202', '101']],
    ['min_duration=2', [MAX_ID, '202', '101']],
    ['min_pageviews=0&min_events=0&min_duration=0', ['303', MAX_ID, '202', '101']],
    ['user_id=v1&min_pageviews=2', ['101']],
    ['identified_only=true&min_pageviews=2', ['202']],
    ['min_pageviews=2&limit=1&page=2', ['101']],
    ['user_id=', ['303', MAX_ID, '202', '101']],
  ])('lists %s', async (qs, expected) => {
    expect(await ids(qs)).toEqual(expected);
  });

  it('keeps every figure of a narrowed session (min_* judge all its events, not only the matching ones)', async () => {
    const [row] = (await get(siteId, `${RANGE}&user_id=v1&min_events=1`)).json().data;
    expect([row.session_id, row.pageviews, row.events, row.errors, row.session_duration]).toEqual(['101', 2, 1, 1, 135.5]);
  });

  it('finds a session matching min_pageviews far behind the newest ones', async () => {
    expect(await ids('min_pageviews=2&limit=1', busySiteId)).toEqual(['9000']);
    expect(await ids('min_pageviews=1&limit=2', busySiteId)).toEqual(['1200', '1199']);
  });

  it('returns up to 10,000 sessions a page', async () => {
    const page = await ids('limit=10000', busySiteId);
    expect([page.length, page[0], page.at(-1)]).toEqual([1201, '1200', '9000']);
  });

  it.each([
    ['limit=10001', 'limit'],
    ['limit=0', 'limit'],
    ['identified_only=yes', 'identified_only'],
    ['min_pageviews=-1', 'min_pageviews'],
    ['min_events=x', 'min_events'],
    ['min_duration=1.5', 'min_duration'],
    [`user_id=${'u'.repeat(256)}`, 'user_id'],
  ])('answers 400 naming the parameter for %s', async (qs, parameter) => {
    const res = await get(siteId, qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it.each([
    ['limit=10000', 200],
    ['limit=10001', 400],
  ])('takes a metric limit up to 10,000 (%s)', async (qs, status) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${busySiteId}/metric?parameter=pathname&${RANGE}&${qs}` });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json().data.data.map((row: { value: string }) => row.value)).toEqual(['/', '/a', '/b']);
  });
});
