// /sessions and /sessions/{sessionId} on hand-built sessions: exact rows, order, paging, filters, 404s, 400s, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const MAX_ID = '18446744073709551615';

const device = {
  user_id: 'v1', country: 'DE', region: 'DE-BE', city: 'Berlin', language: 'de-DE', device_type: 'Desktop',
  browser: 'Firefox', browser_version: '124', operating_system: 'Linux', operating_system_version: '',
  screen_width: 1920, screen_height: 1080, hostname: 'shop.example.com',
};
const s101 = { ...device, session_id: 101 };
const s202 = {
  ...device, session_id: 202, user_id: 'v2', identified_user_id: 'alice', country: 'US', region: 'US-CA', city: 'San Jose',
  language: 'en-US', device_type: 'Mobile', browser: 'Safari', browser_version: '17', operating_system: 'iOS',
  operating_system_version: '17.4', screen_width: 390, screen_height: 844,
};

const EVENTS: SeedRow[] = [
  // 101: Direct first, then Organic Search (the session's channel); 2 pageviews, a signup, an error; 135.5 s.
  { ...s101, at: '2026-03-10T10:00:00Z', pathname: '/', page_title: 'Home', channel: 'Direct' },
  { ...s101, at: '2026-03-10T10:00:30Z', pathname: '/pricing', page_title: 'Pricing', channel: 'Organic Search', referrer: 'https://www.google.com/' },
  { ...s101, at: '2026-03-10T10:01:00Z', pathname: '/pricing', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro"}', channel: 'Direct' },
  { ...s101, at: '2026-03-10T10:02:15.500Z', pathname: '/pricing', type: 'error', event_name: 'TypeError', props: '{"message":"boom"}', channel: 'Direct' },
  // 202: an identified visitor from a referral, 300 s.
  { ...s202, at: '2026-03-11T09:00:00Z', pathname: '/blog', page_title: 'Blog', channel: 'Referral', referrer: 'https://news.example.org/item' },
  { ...s202, at: '2026-03-11T09:05:00Z', pathname: '/blog/post', page_title: 'Post', channel: 'Referral' },
  // The largest session id there is, with a web-vitals sample.
  { ...device, session_id: MAX_ID, user_id: 'v4', at: '2026-03-12T07:00:00Z', pathname: '/max', channel: 'Direct' },
  { ...device, session_id: MAX_ID, user_id: 'v4', at: '2026-03-12T07:00:02Z', pathname: '/max', type: 'performance', lcp: 1200, channel: 'Direct' },
  // 303: the first visitor again, one pageview.
  { ...device, session_id: 303, at: '2026-03-12T08:00:00Z', pathname: '/docs', channel: 'Direct' },
  // 404: outside the range used below.
  { ...device, session_id: 404, user_id: 'v3', at: '2026-02-01T09:00:00Z', pathname: '/old', channel: 'Direct' },
];

const SESSION_101 = {
  session_id: '101', user_id: 'v1', identified_user_id: '', country: 'DE', region: 'DE-BE', city: 'Berlin', language: 'de-DE',
  device_type: 'Desktop', browser: 'Firefox', browser_version: '124', operating_system: 'Linux', operating_system_version: '',
  screen_width: 1920, screen_height: 1080, referrer: '', channel: 'Organic Search', hostname: 'shop.example.com',
  session_start: '2026-03-10 10:00:00', session_end: '2026-03-10 10:02:15', session_duration: 135.5,
  entry_page: '/', exit_page: '/pricing', pageviews: 2, events: 1, errors: 1, has_replay: 0,
};

const SESSION_202 = {
  session_id: '202', user_id: 'v2', identified_user_id: 'alice', country: 'US', region: 'US-CA', city: 'San Jose', language: 'en-US',
  device_type: 'Mobile', browser: 'Safari', browser_version: '17', operating_system: 'iOS', operating_system_version: '17.4',
  screen_width: 390, screen_height: 844, referrer: 'https://news.example.org/item', channel: 'Referral', hostname: 'shop.example.com',
  session_start: '2026-03-11 09:00:00', session_end: '2026-03-11 09:05:00', session_duration: 300,
  entry_page: '/blog', exit_page: '/blog/post', pageviews: 2, events: 0, errors: 0, has_replay: 0,
};

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const filter = (parameter: string, value: string, type = 'equals') =>
  `filters=${encodeURIComponent(JSON.stringify([{ parameter, type, value: [value] }]))}`;

describe('sessions', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;
  let busySiteId: number;
  let longSiteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'sessions@example.com');
    org = await createOrganization(t.app, owner.cookie, 'sessions-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'shop.example.com' })).siteId;
    busySiteId = (await createSite(t.app, owner, org, { domain: 'busy.example.com', public: true })).siteId;
    await seedEvents(t, siteId, EVENTS);
    // A busy public site: sessions 1..1500 start a minute apart, one pageview each; session 9000 starts
    // 30 s after session 1 and comes back after all of them (a gap no live session has, as imports may).
    const minute = (n: number) => new Date(Date.parse('2026-03-01T00:00:00Z') + n * 60_000).toISOString();
    await seedEvents(t, busySiteId, [
      ...Array.from({ length: 1500 }, (_, i) => ({ at: minute(i), session_id: i + 1, user_id: `b${i + 1}`, pathname: '/' })),
      { at: '2026-03-01T00:00:30Z', session_id: 9000, user_id: 'long', pathname: '/start' },
      { at: '2026-03-02T02:00:00Z', session_id: 9000, user_id: 'long', pathname: '/end' },
    ]);
    // Sessions 10001..10150 start a minute apart, then come back with 8 events each, the earliest starters
    // last; sessions 20001..20003 start after all that. The latest events mostly belong to old sessions.
    longSiteId = (await createSite(t.app, owner, org, { domain: 'long.example.com' })).siteId;
    const at = (base: string, seconds: number) => new Date(Date.parse(base) + seconds * 1000).toISOString();
    await seedEvents(t, longSiteId, [
      ...Array.from({ length: 150 }, (_, i) => ({ at: at('2026-03-05T00:00:00Z', i * 60), session_id: 10001 + i, user_id: `l${i}` })),
      ...Array.from({ length: 150 * 8 }, (_, j) => {
        const i = Math.floor(j / 8);
        return { at: at('2026-03-06T10:00:00Z', (149 - i) * 10 + (j % 8)), session_id: 10001 + i, user_id: `l${i}` };
      }),
      ...[0, 1, 2].map((k) => ({ at: at('2026-03-06T11:00:00Z', k * 60), session_id: 20001 + k, user_id: `n${k}` })),
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string, site = siteId) => call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${url}` });
  const list = async (qs: string, site = siteId) => {
    const res = await get(`/sessions?${qs}`, site);
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<Record<string, unknown>>;
  };
  const ids = async (qs: string, site = siteId) => (await list(qs, site)).map((row) => row.session_id);

  it('lists sessions newest first with every field computed over the session', async () => {
    const rows = await list(RANGE);
    expect(rows.map((row) => row.session_id)).toEqual(['303', MAX_ID, '202', '101']);
    expect(rows[3]).toEqual(SESSION_101);
    expect(rows[2]).toEqual(SESSION_202);
    expect(rows[1]).toMatchObject({ session_id: MAX_ID, user_id: 'v4', pageviews: 1, events: 0, session_duration: 2, entry_page: '/max' });
  });

  it('covers all time without a range', async () => {
    expect(await ids('')).toEqual(['303', MAX_ID, '202', '101', '404']);
  });

  it.each([
    ['limit=2&page=1', ['303', MAX_ID]],
    ['limit=2&page=2', ['202', '101']],
    ['limit=2&page=3', []],
    ['limit=3', ['303', MAX_ID, '202']],
    ['page=', ['303', MAX_ID, '202', '101']],
  ])('pages with %s', async (qs, expected) => {
    expect(await ids(`${RANGE}&${qs}`)).toEqual(expected);
  });

  it('selects whole sessions by an event filter and shows all their events', async () => {
    const rows = await list(`${RANGE}&${filter('pathname', '/pricing')}`);
    expect(rows).toEqual([SESSION_101]);
  });

  it.each([
    ['channel', 'Organic Search', ['101']],
    ['event_name', 'signup', ['101']],
    ['country', 'US', ['202']],
    ['user_id', 'alice', ['202']],
    ['entry_page', '/max', [MAX_ID]],
    ['browser', 'Opera', []],
  ])('narrows by %s = %s', async (parameter, value, expected) => {
    expect(await ids(`${RANGE}&${filter(parameter, value)}`)).toEqual(expected);
  });

  it('finds the newest page among the latest events and orders a session by its true start', async () => {
    const busy = async (qs: string) => ids(`${RANGE}&${qs}`, busySiteId);
    expect(await busy('limit=5&page=1')).toEqual(['1500', '1499', '1498', '1497', '1496']);
    expect(await busy('limit=5&page=2')).toEqual(['1495', '1494', '1493', '1492', '1491']);
    expect(await busy('limit=5&page=300')).toEqual(['5', '4', '3', '2', '9000']);
    expect(await busy('limit=5&page=301')).toEqual(['1']);
    const [long] = (await list(`${RANGE}&${filter('user_id', 'long')}`, busySiteId));
    expect(long).toMatchObject({ session_id: '9000', session_start: '2026-03-01 00:00:30', session_end: '2026-03-02 02:00:00', entry_page: '/start', exit_page: '/end', pageviews: 2 });
  });

  it('looks further back when the latest events hold too few session starts', async () => {
    const expected = ['20003', '20002', '20001', ...Array.from({ length: 7 }, (_, i) => String(10150 - i))];
    expect(await ids(`${RANGE}&limit=10`, longSiteId)).toEqual(expected);
  });

  it.each(['limit=0', 'limit=10001', 'limit=abc', 'page=0', 'page=1.5', 'page=-1'])('answers 400 naming the parameter for %s', async (qs) => {
    const res = await get(`/sessions?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(qs.split('=')[0]);
  });

  it('shows one session with its events in time order', async () => {
    const res = await get(`/sessions/101?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      session: SESSION_101,
      events: [
        { timestamp: '2026-03-10 10:00:00.000', type: 'pageview', pathname: '/', hostname: 'shop.example.com', page_title: 'Home', event_name: '', props: {}, referrer: '', time_spent: 30 },
        { timestamp: '2026-03-10 10:00:30.000', type: 'pageview', pathname: '/pricing', hostname: 'shop.example.com', page_title: 'Pricing', event_name: '', props: {}, referrer: 'https://www.google.com/', time_spent: 30 },
        { timestamp: '2026-03-10 10:01:00.000', type: 'custom_event', pathname: '/pricing', hostname: 'shop.example.com', page_title: '', event_name: 'signup', props: { plan: 'pro' }, referrer: '', time_spent: 75.5 },
        { timestamp: '2026-03-10 10:02:15.500', type: 'error', pathname: '/pricing', hostname: 'shop.example.com', page_title: '', event_name: 'TypeError', props: { message: 'boom' }, referrer: '', time_spent: null },
      ],
      pagination: { total: 4, limit: 100, offset: 0, hasMore: false },
    });
  });

  it('gives a page\'s last event its time until the next event beyond the page', async () => {
    const data = (await get(`/sessions/101?${RANGE}&limit=2&offset=1`)).json().data;
    expect(data.events.map((event: { time_spent: number | null }) => event.time_spent)).toEqual([30, 75.5]);
  });

  it.each([
    ['limit=2&offset=1', ['/pricing', '/pricing'], { total: 4, limit: 2, offset: 1, hasMore: true }],
    ['limit=2&offset=2', ['/pricing', '/pricing'], { total: 4, limit: 2, offset: 2, hasMore: false }],
    ['offset=10', [], { total: 4, limit: 100, offset: 10, hasMore: false }],
  ])('pages a session\'s events with %s', async (qs, pathnames, pagination) => {
    const data = (await get(`/sessions/101?${qs}`)).json().data;
    expect(data.events.map((event: { pathname: string }) => event.pathname)).toEqual(pathnames);
    expect(data.pagination).toEqual(pagination);
  });

  it('renders the largest session id exactly', async () => {
    const res = await get(`/sessions/${MAX_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.session.session_id).toBe(MAX_ID);
    // Its web-vitals sample counts in the session's fields but is not one of its listed events.
    expect(res.json().data.events.map((event: { type: string }) => event.type)).toEqual(['pageview']);
  });

  it.each([
    ['an unknown id', '/sessions/999'],
    ['a malformed id', '/sessions/abc'],
    ['an id past UInt64', '/sessions/18446744073709551616'],
    ['a negative id', '/sessions/-1'],
    ['a session outside the range', `/sessions/404?${RANGE}`],
    ['a session the filters exclude', `/sessions/202?${filter('country', 'DE')}`],
    ['a session of another site', '/sessions/1'],
  ])('answers 404 for %s', async (_label, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Session not found' });
  });

  it('answers 400 for bad event paging of one session', async () => {
    expect((await get('/sessions/101?limit=0')).statusCode).toBe(400);
    expect((await get('/sessions/101?offset=-1')).statusCode).toBe(400);
  });

  it("needs sessions:read, and keeps a public site's sessions to members unless the site opts in", async () => {
    const analyticsOnly = await createOrganizationKey(t.app, owner, org, { name: 'analytics', permissions: { analytics: ['read'] } });
    const sessionsKey = await createOrganizationKey(t.app, owner, org, { name: 'sessions', permissions: { sessions: ['read'] } });
    const as = (key: string | undefined, url: string) => call(t.app, key ? { key } : undefined, { method: 'GET', url });
    expect((await as(analyticsOnly.key, `/api/sites/${siteId}/sessions`)).statusCode).toBe(403);
    expect((await as(analyticsOnly.key, `/api/sites/${siteId}/sessions/101`)).statusCode).toBe(403);
    expect((await as(sessionsKey.key, `/api/sites/${siteId}/sessions?${RANGE}&limit=1`)).json()).toEqual({ data: [{ ...(await list('limit=1'))[0] }] });
    expect((await as(undefined, `/api/sites/${siteId}/sessions`)).statusCode).toBe(401);
    expect((await as(undefined, `/api/sites/${busySiteId}/sessions?limit=1`)).statusCode).toBe(401);
    const optIn = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${busySiteId}/config`, payload: { publicPeopleData: true } });
    expect(optIn.statusCode).toBe(200);
    const publicRead = await as(undefined, `/api/sites/${busySiteId}/sessions?limit=1`);
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.json().data.map((row: { session_id: string }) => row.session_id)).toEqual(['1500']);
    await call(t.app, owner, { method: 'PUT', url: `/api/sites/${busySiteId}/config`, payload: { publicPeopleData: false } });
  });
});
