// /events (paged by before_timestamp, polled by since_timestamp), /events/names, /events/properties and /events/outbound on hand-built events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const s1 = { session_id: 1, user_id: 'v1', hostname: 'app.example.com', country: 'DE', browser: 'Firefox', device_type: 'Desktop' };
const s2 = { session_id: 2, user_id: 'v2', identified_user_id: 'alice', hostname: 'app.example.com', country: 'US', browser: 'Safari', device_type: 'Mobile' };

const EVENTS: SeedRow[] = [
  { ...s1, at: '2026-03-10T10:00:00Z', pathname: '/', page_title: 'Home' },
  { ...s1, at: '2026-03-10T10:00:10Z', pathname: '/pricing', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro","step":2}' },
  { ...s1, at: '2026-03-10T10:00:20Z', pathname: '/pricing', type: 'custom_event', event_name: 'signup', props: '{"plan":"free","step":2}' },
  { ...s1, at: '2026-03-10T10:00:30Z', pathname: '/docs', type: 'custom_event', event_name: 'download', props: '{"file":"a.pdf"}' },
  { ...s1, at: '2026-03-10T10:00:40Z', pathname: '/docs', type: 'outbound', props: '{"url":"https://github.com/x","text":"GitHub"}' },
  { ...s1, at: '2026-03-10T10:00:50Z', pathname: '/docs', type: 'performance', lcp: 900 },
  { ...s2, at: '2026-03-11T09:00:00Z', pathname: '/docs', page_title: 'Docs' },
  { ...s2, at: '2026-03-11T09:00:05Z', pathname: '/docs', type: 'outbound', props: '{"url":"https://github.com/x"}' },
  { ...s2, at: '2026-03-11T09:00:06Z', pathname: '/docs', type: 'outbound', props: '{"url":"https://docs.example.org/"}' },
  // Two events in the same millisecond: the event id breaks the tie.
  { ...s2, at: '2026-03-11T09:00:07Z', pathname: '/docs', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro","step":3,"meta":{"a":1}}', event_id: '11111111-1111-4111-8111-111111111111' },
  { ...s2, at: '2026-03-11T09:00:07Z', pathname: '/docs/b', page_title: 'B', event_id: '22222222-2222-4222-8222-222222222222' },
  // Outside the range used below.
  { ...s1, session_id: 3, at: '2026-02-01T09:00:00Z', pathname: '/old', type: 'custom_event', event_name: 'legacy' },
];

/** The events in range, newest first, as [timestamp, type, event_name or pathname]. */
const NEWEST_FIRST = [
  ['2026-03-11 09:00:07.000', 'pageview', '/docs/b'],
  ['2026-03-11 09:00:07.000', 'custom_event', 'signup'],
  ['2026-03-11 09:00:06.000', 'outbound', '/docs'],
  ['2026-03-11 09:00:05.000', 'outbound', '/docs'],
  ['2026-03-11 09:00:00.000', 'pageview', '/docs'],
  ['2026-03-10 10:00:40.000', 'outbound', '/docs'],
  ['2026-03-10 10:00:30.000', 'custom_event', 'download'],
  ['2026-03-10 10:00:20.000', 'custom_event', 'signup'],
  ['2026-03-10 10:00:10.000', 'custom_event', 'signup'],
  ['2026-03-10 10:00:00.000', 'pageview', '/'],
];

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const filter = (parameter: string, value: string) => `filters=${encodeURIComponent(JSON.stringify([{ parameter, type: 'equals', value: [value] }]))}`;

interface EventItem { timestamp: string; type: string; event_name: string; pathname: string }
interface EventPage { data: EventItem[]; cursor: { hasMore: boolean; oldestTimestamp: string | null } }

describe('events', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'events@example.com');
    org = await createOrganization(t.app, owner.cookie, 'events-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'app.example.com', public: true })).siteId;
    await seedEvents(t, siteId, EVENTS);
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const data = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown;
  };
  const brief = (event: EventItem) => [event.timestamp, event.type, event.type === 'pageview' || event.type === 'outbound' ? event.pathname : event.event_name];

  it('lists events newest first with every field, a page never splitting a millisecond', async () => {
    const res = await get(`/events?${RANGE}&page_size=9`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as EventPage;
    expect(body.data.map(brief)).toEqual(NEWEST_FIRST.slice(0, 9));
    expect(body.cursor).toEqual({ hasMore: true, oldestTimestamp: '2026-03-10 10:00:10.000' });
    expect(body.data[1]).toEqual({
      timestamp: '2026-03-11 09:00:07.000', type: 'custom_event', event_name: 'signup', pathname: '/docs', hostname: 'app.example.com',
      page_title: '', props: { plan: 'pro', step: 3, meta: { a: 1 } }, properties: '{"plan":"pro","step":3,"meta":{"a":1}}',
      session_id: '2', user_id: 'v2', identified_user_id: 'alice', country: 'US', browser: 'Safari', device_type: 'Mobile',
      querystring: '', referrer: '', browser_version: '', operating_system: '', operating_system_version: '', language: '',
      region: '', city: '', lat: 0, lon: 0, screen_width: 0, screen_height: 0,
    });
    expect(body.data[4]).toMatchObject({ props: {}, page_title: 'Docs', session_id: '2' });
    // The two events of 09:00:07.000 come together even on a page of one.
    const first = (await get(`/events?${RANGE}&page_size=1`)).json() as EventPage;
    expect(first.data.map(brief)).toEqual(NEWEST_FIRST.slice(0, 2));
    expect(first.cursor).toEqual({ hasMore: true, oldestTimestamp: '2026-03-11 09:00:07.000' });
  });

  it.each([1, 3, 4, 10, 100])('walks every event exactly once with page_size=%i, passing oldestTimestamp back', async (pageSize) => {
    const seen: unknown[] = [];
    let before: string | null = null;
    let pages = 0;
    let hasMore = true;
    while (hasMore && pages < 20) {
      const res = await get(`/events?${RANGE}&page_size=${pageSize}${before ? `&before_timestamp=${encodeURIComponent(before)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as EventPage;
      seen.push(...body.data.map(brief));
      ({ hasMore, oldestTimestamp: before } = body.cursor);
      pages += 1;
    }
    expect(seen).toEqual(NEWEST_FIRST);
    // One page fewer when a page boundary falls inside the shared millisecond (page_size 1).
    expect(pages).toBe(pageSize === 1 ? NEWEST_FIRST.length - 1 : Math.max(1, Math.ceil(NEWEST_FIRST.length / pageSize)));
  });

  it('reads before_timestamp in both forms, strictly before it, across the day boundary', async () => {
    const expected = { data: NEWEST_FIRST.slice(4, 7), cursor: { hasMore: true, oldestTimestamp: '2026-03-10 10:00:30.000' } };
    for (const before of ['2026-03-11 09:00:05', '2026-03-11T09:00:05Z', '2026-03-11T09:00:05.000Z', '2026-03-11 10:00:05+01:00']) {
      const body = (await get(`/events?${RANGE}&page_size=3&before_timestamp=${encodeURIComponent(before)}`)).json() as EventPage;
      expect({ data: body.data.map(brief), cursor: body.cursor }).toEqual(expected);
    }
    const last = (await get(`/events?${RANGE}&page_size=3&before_timestamp=${encodeURIComponent('2026-03-10 10:00:20')}`)).json() as EventPage;
    expect({ data: last.data.map(brief), cursor: last.cursor }).toEqual({
      data: NEWEST_FIRST.slice(8),
      cursor: { hasMore: false, oldestTimestamp: '2026-03-10 10:00:00.000' },
    });
    const none = (await get(`/events?${RANGE}&before_timestamp=${encodeURIComponent('2026-03-10 10:00:00')}`)).json() as EventPage;
    expect(none).toEqual({ data: [], cursor: { hasMore: false, oldestTimestamp: null } });
  });

  it('applies filters to the list', async () => {
    const res = await get(`/events?${RANGE}&${filter('country', 'DE')}`);
    expect((res.json().data as EventItem[]).map(brief)).toEqual(NEWEST_FIRST.slice(5));
    expect(res.json().cursor).toEqual({ hasMore: false, oldestTimestamp: '2026-03-10 10:00:00.000' });
  });

  it.each([
    ['before_timestamp=garbage', 'before_timestamp'],
    ['before_timestamp=2026-02-31 10:00:00', 'before_timestamp'],
    ['before_timestamp=1800-01-01 00:00:00', 'before_timestamp'],
    ['since_timestamp=2026-03-11', 'since_timestamp'],
    ['page_size=0', 'page_size'],
    ['page_size=1001', 'page_size'],
    ['page_size=ten', 'page_size'],
  ])('answers 400 for %s', async (qs, message) => {
    const res = await get(`/events?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('feeds a live poll only the events after since_timestamp, newest first, at most 500', async () => {
    const live = (await createSite(t.app, owner, org, { domain: 'live.example.com' })).siteId;
    const at = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${live}${url}` });
    const row = (ms: string, pathname: string) => ({ session_id: 9, at: `2026-03-19T10:00:${ms}Z`, pathname });
    await seedEvents(t, live, [row('00.100', '/a'), row('00.200', '/b')]);
    const initial = (await at('/events?page_size=50')).json() as EventPage;
    expect(initial.data.map((event) => [event.timestamp, event.pathname])).toEqual([
      ['2026-03-19 10:00:00.200', '/b'],
      ['2026-03-19 10:00:00.100', '/a'],
    ]);
    const newest = initial.data[0]?.timestamp ?? '';
    const poll = async (since: string) => {
      const res = await at(`/events?since_timestamp=${encodeURIComponent(since)}&start_date=&end_date=&time_zone=UTC`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: EventItem[] };
      expect(Object.keys(body)).toEqual(['data']);
      return body.data.map((event) => [event.timestamp, event.pathname]);
    };
    expect(await poll(newest)).toEqual([]);
    // A later event in the same second is new: the cursor keeps milliseconds.
    await seedEvents(t, live, [row('00.700', '/c'), row('05.000', '/d')]);
    const fresh = [['2026-03-19 10:00:05.000', '/d'], ['2026-03-19 10:00:00.700', '/c']];
    expect(await poll(newest)).toEqual(fresh);
    expect(await poll('2026-03-19T10:00:00.200Z')).toEqual(fresh);
    expect((await poll('2026-03-19 10:00:00')).map(([, pathname]) => pathname)).toEqual(['/d', '/c', '/b', '/a']);
    await seedEvents(t, live, Array.from({ length: 501 }, (_, i) => ({ session_id: 10, at: new Date(Date.parse('2026-03-19T11:00:00Z') + i * 1000).toISOString(), pathname: `/p${i}` })));
    const burst = await poll('2026-03-19 10:00:05');
    expect(burst).toHaveLength(500);
    expect(burst[0]).toEqual(['2026-03-19 11:08:20.000', '/p500']);
    expect(burst[499]).toEqual(['2026-03-19 11:00:01.000', '/p1']);
  });

  it('counts custom event names, most frequent first', async () => {
    expect(await data(`/events/names?${RANGE}`)).toEqual([{ eventName: 'signup', count: 3 }, { eventName: 'download', count: 1 }]);
    expect(await data(`/events/names?${RANGE}&${filter('country', 'US')}`)).toEqual([{ eventName: 'signup', count: 1 }]);
    expect(await data(`/events/names?${RANGE}&limit=1`)).toEqual([{ eventName: 'signup', count: 3 }]);
    expect(await data('/events/names')).toEqual([{ eventName: 'signup', count: 3 }, { eventName: 'download', count: 1 }, { eventName: 'legacy', count: 1 }]);
  });

  it("counts one event's property key/value pairs", async () => {
    expect(await data(`/events/properties?${RANGE}&event_name=signup`)).toEqual([
      { propertyKey: 'plan', propertyValue: 'pro', count: 2 },
      { propertyKey: 'step', propertyValue: '2', count: 2 },
      { propertyKey: 'meta', propertyValue: '{"a":1}', count: 1 },
      { propertyKey: 'plan', propertyValue: 'free', count: 1 },
      { propertyKey: 'step', propertyValue: '3', count: 1 },
    ]);
    expect(await data(`/events/properties?${RANGE}&event_name=signup&${filter('country', 'US')}&limit=2`)).toEqual([
      { propertyKey: 'meta', propertyValue: '{"a":1}', count: 1 },
      { propertyKey: 'plan', propertyValue: 'pro', count: 1 },
    ]);
    expect(await data(`/events/properties?${RANGE}&event_name=nothing`)).toEqual([]);
  });

  it.each(['', 'event_name=', 'limit=5'])('answers 400 for properties without an event name (%s)', async (qs) => {
    const res = await get(`/events/properties?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('event_name');
  });

  it('counts outbound clicks per URL with the last click', async () => {
    expect(await data(`/events/outbound?${RANGE}`)).toEqual([
      { url: 'https://github.com/x', count: 2, lastClicked: '2026-03-11 09:00:05' },
      { url: 'https://docs.example.org/', count: 1, lastClicked: '2026-03-11 09:00:06' },
    ]);
    expect(await data(`/events/outbound?${RANGE}&${filter('country', 'DE')}`)).toEqual([
      { url: 'https://github.com/x', count: 1, lastClicked: '2026-03-10 10:00:40' },
    ]);
  });

  it("needs events:read; a public site's aggregates are readable without credentials, its raw events are not", async () => {
    const analyticsOnly = await createOrganizationKey(t.app, owner, org, { name: 'analytics', permissions: { analytics: ['read'] } });
    const eventsKey = await createOrganizationKey(t.app, owner, org, { name: 'events', permissions: { events: ['read'] } });
    for (const url of ['/events', '/events/names', '/events/outbound', '/events/properties?event_name=signup']) {
      const as = (credential: { key: string } | undefined) => call(t.app, credential, { method: 'GET', url: `/api/sites/${siteId}${url}` });
      expect((await as({ key: analyticsOnly.key })).statusCode).toBe(403);
      expect((await as({ key: eventsKey.key })).statusCode).toBe(200);
      // The raw events list names visitors and sessions: people-level, members only unless the site opts in.
      expect([url, (await as(undefined)).statusCode]).toEqual([url, url === '/events' ? 401 : 200]);
    }
  });
});
