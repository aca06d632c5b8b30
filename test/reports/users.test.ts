// /users, /users/{userId} and /user-traits/* on hand-built people: figures, sorting, paging, identified_only, traits, 404s, 400s, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const alice1 = { user_id: 'va1', identified_user_id: 'alice', country: 'US', device_type: 'Desktop', browser: 'Chrome', operating_system: 'macOS' };
const alice2 = { user_id: 'va2', identified_user_id: 'alice', country: 'CA', device_type: 'Mobile', browser: 'Safari', operating_system: 'iOS' };
const bob = { user_id: 'vb', country: 'DE', device_type: 'Desktop', browser: 'Firefox', operating_system: 'Windows' };
const carol = { user_id: 'vc', country: 'FR', device_type: 'Tablet', browser: 'Chrome', operating_system: 'Android' };
const dave = { user_id: 'vd', identified_user_id: 'dave', country: 'GB', device_type: 'Desktop', browser: 'Edge', operating_system: 'Windows' };

// alice: 2 sessions, 3 pageviews, 1 custom event. bob: 4 sessions of one pageview. carol: 3 sessions,
// 2 pageviews, 3 custom events (one session has no pageview). dave: 1 session, 1 pageview, 2 custom events.
const EVENTS: SeedRow[] = [
  { ...dave, session_id: 6, at: '2026-03-09T12:00:00Z', pathname: '/' },
  { ...dave, session_id: 6, at: '2026-03-09T12:00:10Z', type: 'custom_event', event_name: 'signup' },
  { ...dave, session_id: 6, at: '2026-03-09T12:00:20Z', type: 'custom_event', event_name: 'signup' },
  { ...alice1, session_id: 1, at: '2026-03-10T10:00:00Z', pathname: '/' },
  { ...alice1, session_id: 1, at: '2026-03-10T10:01:00Z', pathname: '/pricing' },
  { ...alice1, session_id: 1, at: '2026-03-10T10:02:00Z', type: 'custom_event', event_name: 'signup' },
  { ...alice2, session_id: 2, at: '2026-03-12T15:00:00Z', pathname: '/app' },
  { ...bob, session_id: 31, at: '2026-03-11T08:00:00Z', pathname: '/' },
  { ...bob, session_id: 32, at: '2026-03-11T12:00:00Z', pathname: '/' },
  { ...bob, session_id: 33, at: '2026-03-11T16:00:00Z', pathname: '/' },
  { ...bob, session_id: 34, at: '2026-03-11T20:00:00Z', pathname: '/' },
  { ...carol, session_id: 4, at: '2026-03-13T09:00:00Z', pathname: '/' },
  { ...carol, session_id: 4, at: '2026-03-13T09:01:00Z', type: 'custom_event', event_name: 'click' },
  { ...carol, session_id: 4, at: '2026-03-13T09:02:00Z', type: 'custom_event', event_name: 'click' },
  { ...carol, session_id: 5, at: '2026-03-13T12:00:00Z', type: 'custom_event', event_name: 'click' },
  { ...carol, session_id: 7, at: '2026-03-13T18:00:00Z', pathname: '/' },
  // Outside the range used below.
  { user_id: 'vz', session_id: 9, at: '2026-02-01T09:00:00Z', pathname: '/old', country: 'IT' },
];

const IDENTITIES = [
  { identified_user_id: 'alice', user_id: 'va1', at: '2026-03-09T08:00:00Z', traits: '{"plan":"free","company":"Acme"}' },
  { identified_user_id: 'alice', user_id: 'va1', at: '2026-03-11T08:00:00Z', traits: '{"plan":"pro","company":"Acme","seats":5}' },
  { identified_user_id: 'dave', user_id: 'vd', at: '2026-03-01T08:00:00Z', traits: '{"plan":"free","company":"Initech"}' },
  // Identified, but without an event: never counted.
  { identified_user_id: 'erin', user_id: 've', at: '2026-03-10T08:00:00Z', traits: '{"plan":"enterprise"}' },
];

const ALICE = {
  user_id: 'alice', identified_user_id: 'alice', first_seen: '2026-03-10 10:00:00', last_seen: '2026-03-12 15:00:00',
  sessions: 2, pageviews: 3, events: 1, country: 'CA', device_type: 'Mobile', browser: 'Safari', operating_system: 'iOS',
  referrer: '', channel: '', traits: { plan: 'pro', company: 'Acme', seats: 5 },
};
const BOB = {
  user_id: 'vb', identified_user_id: '', first_seen: '2026-03-11 08:00:00', last_seen: '2026-03-11 20:00:00',
  sessions: 4, pageviews: 4, events: 0, country: 'DE', device_type: 'Desktop', browser: 'Firefox', operating_system: 'Windows', referrer: '', channel: '', traits: null,
};

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const filter = (parameter: string, value: string) => `filters=${encodeURIComponent(JSON.stringify([{ parameter, type: 'equals', value: [value] }]))}`;

describe('users and user traits', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'users@example.com');
    org = await createOrganization(t.app, owner.cookie, 'users-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'users.example.com' })).siteId;
    await seedEvents(t, siteId, EVENTS);
    await t.services.analytics.insert('user_identities', IDENTITIES.map(({ at, ...row }) => ({
      site_id: siteId, anonymous_id: '', ...row, timestamp: new Date(at).toISOString().slice(0, 23).replace('T', ' '),
    })));
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const users = async (qs: string) => {
    const res = await get(`/users?${RANGE}&${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Array<Record<string, unknown>>; totalCount: number; page: number; pageSize: number };
  };

  it('lists users by last seen, newest first, with figures over all their events and their latest traits', async () => {
    const body = await users('');
    expect(body.totalCount).toBe(4);
    expect(body.data.map((user) => user.user_id)).toEqual(['vc', 'alice', 'vb', 'dave']);
    expect(body.data[1]).toEqual(ALICE);
    expect(body.data[2]).toEqual(BOB);
    expect(body.data[0]).toMatchObject({ sessions: 3, pageviews: 2, events: 3, first_seen: '2026-03-13 09:00:00', traits: null });
    expect(body.data[3]).toMatchObject({ identified_user_id: 'dave', sessions: 1, pageviews: 1, events: 2, traits: { plan: 'free', company: 'Initech' } });
  });

  it.each([
    ['last_seen', 'asc', ['dave', 'vb', 'alice', 'vc']],
    ['first_seen', 'desc', ['vc', 'vb', 'alice', 'dave']],
    ['first_seen', 'asc', ['dave', 'alice', 'vb', 'vc']],
    ['pageviews', 'desc', ['vb', 'alice', 'vc', 'dave']],
    ['pageviews', 'asc', ['dave', 'vc', 'alice', 'vb']],
    ['sessions', 'desc', ['vb', 'vc', 'alice', 'dave']],
    ['events', 'desc', ['vc', 'dave', 'alice', 'vb']],
    ['events', 'asc', ['vb', 'alice', 'dave', 'vc']],
  ])('sorts by %s %s', async (sortBy, order, expected) => {
    expect((await users(`sort_by=${sortBy}&sort_order=${order}`)).data.map((user) => user.user_id)).toEqual(expected);
  });

  it.each([
    ['page_size=3&page=1', ['vc', 'alice', 'vb']],
    ['page_size=3&page=2', ['dave']],
    ['page_size=3&page=3', []],
    ['page_size=1&page=4&sort_by=pageviews', ['dave']],
  ])('pages with %s and keeps the total', async (qs, expected) => {
    const body = await users(qs);
    expect(body.data.map((user) => user.user_id)).toEqual(expected);
    expect(body.totalCount).toBe(4);
  });

  it('selects users by the filters but keeps all their figures', async () => {
    const body = await users(filter('country', 'CA'));
    expect(body).toEqual({ data: [ALICE], totalCount: 1, page: 1, pageSize: 100 });
    expect((await users(filter('event_name', 'click'))).data.map((user) => user.user_id)).toEqual(['vc']);
  });

  it.each([
    ['identified_only=true', ['alice', 'dave'], 2],
    ['identified_only=true&page_size=1&page=2', ['dave'], 2],
    ['identified_only=true&page_size=1&page=3', [], 2],
    ['identified_only=false', ['vc', 'alice', 'vb', 'dave'], 4],
  ])('keeps only identified people with %s', async (qs, expected, totalCount) => {
    const body = await users(qs);
    expect([body.data.map((user) => user.user_id), body.totalCount]).toEqual([expected, totalCount]);
  });

  it('echoes the page and page size, as Rybbit does', async () => {
    const body = await users('page=2&page_size=3');
    expect([body.page, body.pageSize, body.totalCount]).toEqual([2, 3, 4]);
  });

  it('covers all time without a range', async () => {
    const res = await get('/users?sort_by=first_seen&sort_order=asc&page_size=1');
    expect(res.json()).toMatchObject({ data: [{ user_id: 'vz', country: 'IT' }], totalCount: 5 });
  });

  it.each(['page_size=0', 'page_size=1001', 'page_size=x', 'page=0', 'page=2.5', 'sort_by=name', 'sort_order=up', 'identified_only=yes'])(
    'answers 400 naming the parameter for %s',
    async (qs) => {
      const res = await get(`/users?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(qs.split('=')[0]);
    },
  );

  it('shows one user with their figures, device and place of the latest session, and traits', async () => {
    const res = await get(`/users/alice?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // The detail has first and last referrer and channel in place of the list row's referrer and channel.
    const { first_seen: firstSeen, last_seen: lastSeen, referrer: _referrer, channel: _channel, ...aliceRow } = ALICE;
    expect(data).toMatchObject({ ...aliceRow, duration: 60, first_entry_page: '/' });
    expect([data.first_seen, data.last_seen]).toEqual([firstSeen, lastSeen]);
    expect(data.linked_devices.map((link: { anonymous_id: string }) => link.anonymous_id)).toEqual(['va1']);
    expect(data.locations.map((place: { country: string }) => place.country)).toEqual(['CA', 'US']);
  });

  it("keeps all a user's figures when the filters match one of their events", async () => {
    const res = await get(`/users/vc?${RANGE}&${filter('event_name', 'click')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sessions: 3, pageviews: 2, events: 3 });
  });

  it('finds an anonymous user by visitor id', async () => {
    const data = (await get(`/users/vb?${RANGE}`)).json().data;
    expect(data).toMatchObject({ user_id: 'vb', identified_user_id: '', sessions: 4, duration: 0, traits: null, linked_devices: [], vitals: null });
  });

  it.each([
    ['an unknown user', `/users/nobody?${RANGE}`],
    ['a user outside the range', `/users/vz?${RANGE}`],
    ['a user the filters exclude', `/users/alice?${filter('country', 'DE')}`],
    ['a user with traits but no events', '/users/erin'],
  ])('answers 404 for %s', async (_label, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found' });
  });

  it('lists trait keys and values of users active in range', async () => {
    expect((await get(`/user-traits/keys?${RANGE}`)).json()).toEqual({
      data: [{ key: 'company', count: 2 }, { key: 'plan', count: 2 }, { key: 'seats', count: 1 }],
    });
    expect((await get(`/user-traits/values?${RANGE}&key=plan`)).json()).toEqual({ data: [{ value: 'free', count: 1 }, { value: 'pro', count: 1 }] });
    expect((await get(`/user-traits/values?${RANGE}&key=seats`)).json()).toEqual({ data: [{ value: '5', count: 1 }] });
    expect((await get(`/user-traits/values?${RANGE}&key=plan&${filter('country', 'GB')}`)).json()).toEqual({ data: [{ value: 'free', count: 1 }] });
    expect((await get(`/user-traits/keys?${RANGE}&limit=1&page=2`)).json()).toEqual({ data: [{ key: 'plan', count: 2 }] });
  });

  it('lists the users having a trait value', async () => {
    expect((await get(`/user-traits/users?${RANGE}&key=plan&value=pro`)).json()).toEqual({
      data: [{ user_id: 'alice', traits: { plan: 'pro', company: 'Acme', seats: 5 } }],
    });
    expect((await get(`/user-traits/users?${RANGE}&key=seats&value=5`)).json().data.map((u: { user_id: string }) => u.user_id)).toEqual(['alice']);
    expect((await get(`/user-traits/users?${RANGE}&key=company&value=${encodeURIComponent('Acme')}`)).json().data.length).toBe(1);
    expect((await get(`/user-traits/users?${RANGE}&key=plan&value=enterprise`)).json()).toEqual({ data: [] });
  });

  it.each([
    ['/user-traits/values', 'key'],
    ['/user-traits/values?key=', 'key'],
    ['/user-traits/users?key=plan', 'value'],
    ['/user-traits/keys?limit=0', 'limit'],
  ])('answers 400 for %s', async (url, parameter) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('lets anyone read the users of a public site that opts in to it, and nobody those of another without credentials', async () => {
    const publicSite = (await createSite(t.app, owner, org, { domain: 'open.example.com', public: true })).siteId;
    const optedIn = (await createSite(t.app, owner, org, { domain: 'people.example.com', public: true, publicPeopleData: true })).siteId;
    const anonymous = (url: string) => call(t.app, undefined, { method: 'GET', url });
    const res = await anonymous(`/api/sites/${optedIn}/users`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], totalCount: 0, page: 1, pageSize: 100 });
    expect((await anonymous(`/api/sites/${optedIn}/user-traits/keys`)).json()).toEqual({ data: [] });
    expect((await anonymous(`/api/sites/${publicSite}/users`)).statusCode).toBe(401);
    expect((await anonymous(`/api/sites/${publicSite}/user-traits/keys`)).statusCode).toBe(401);
    expect((await anonymous(`/api/sites/${siteId}/users`)).statusCode).toBe(401);
  });

  it('needs users:read', async () => {
    const analyticsOnly = await createOrganizationKey(t.app, owner, org, { name: 'analytics', permissions: { analytics: ['read'] } });
    const usersKey = await createOrganizationKey(t.app, owner, org, { name: 'users', permissions: { users: ['read'] } });
    const as = (key: string, url: string) => call(t.app, { key }, { method: 'GET', url: `/api/sites/${siteId}${url}` });
    for (const url of ['/users', '/users/alice', '/user-traits/keys']) {
      expect((await as(analyticsOnly.key, url)).statusCode).toBe(403);
      expect((await as(usersKey.key, url)).statusCode).toBe(200);
    }
  });
});
