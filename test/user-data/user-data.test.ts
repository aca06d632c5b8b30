// The dashboard's writes to a person: identify a device, replace traits, erase (exact counts before and after), 400s and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, inviteAndAccept } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-11&time_zone=UTC';
const alice = { identified_user_id: 'alice', user_id: 'dev1' };
// s1: alice; s2: her device, unidentified; s3: one device, alice then bob; s4: her device as carol; s5: bob.
const EVENTS: SeedRow[] = [
  { session_id: 1, ...alice, at: '2026-03-10T10:00:00Z', pathname: '/' },
  { session_id: 1, ...alice, at: '2026-03-10T10:01:00Z', type: 'custom_event', event_name: 'signup' },
  { session_id: 1, ...alice, at: '2026-03-10T10:02:00Z', type: 'performance', lcp: 1000 },
  { session_id: 2, user_id: 'dev1', at: '2026-03-09T10:00:00Z', pathname: '/a' },
  { session_id: 2, user_id: 'dev1', at: '2026-03-09T10:01:00Z', type: 'error', event_name: 'TypeError' },
  { session_id: 3, user_id: 'dev2', identified_user_id: 'alice', at: '2026-03-08T10:00:00Z', pathname: '/shared' },
  { session_id: 3, user_id: 'dev2', identified_user_id: 'bob', at: '2026-03-08T10:05:00Z', pathname: '/bob' },
  { session_id: 3, user_id: 'dev2', identified_user_id: 'bob', at: '2026-03-08T10:06:00Z', type: 'outbound', props: '{"url":"https://example.org/"}' },
  { session_id: 4, user_id: 'dev1', identified_user_id: 'carol', at: '2026-03-07T10:00:00Z', pathname: '/carol' },
  { session_id: 5, user_id: 'dev3', identified_user_id: 'bob', at: '2026-03-06T10:00:00Z', pathname: '/' },
];

describe('dashboard writes to a person: identify, traits, erase', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let member: { cookie: string };
  let stranger: { cookie: string };
  let org: string;
  let site: number;
  let other: number;

  async function identities(siteId: number): Promise<string[]> {
    const found = await rows<{ row: string }>(t, `SELECT concat(identified_user_id, '/', user_id, '/', traits) AS row FROM user_identities
      WHERE site_id = {siteId:UInt32} ORDER BY timestamp, row`, { siteId });
    return found.map((r) => r.row);
  }

  async function counts(siteId: number): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of ['events', 'action_events', 'performance_events', 'user_identities']) {
      const [row] = await rows<{ n: string }>(t, `SELECT count() AS n FROM ${table} WHERE site_id = {siteId:UInt32}`, { siteId });
      result[table] = Number(row?.n);
    }
    const sessions = await rows<{ n: string }>(t, 'SELECT count() AS n FROM sessions FINAL WHERE site_id = {siteId:UInt32}', { siteId });
    result.sessions = Number(sessions[0]?.n);
    return result;
  }

  beforeAll(async () => {
    // Each identity write a second apart: the latest traits are the latest row's.
    let now = Date.parse('2026-03-11T12:00:00Z');
    t = await createTestApp({ clock: () => (now += 1000) });
    owner = await signUp(t.app, 'person-owner@example.com');
    member = await signUp(t.app, 'person-member@example.com');
    stranger = await signUp(t.app, 'person-stranger@example.com');
    org = await createOrganization(t.app, owner.cookie, 'person-data');
    const accept = await inviteAndAccept(t.app, owner, member, org, 'person-member@example.com', 'member');
    expect(accept.statusCode).toBe(200);
    site = (await createSite(t.app, owner, org, { domain: 'person.example.com' })).siteId;
    other = (await createSite(t.app, owner, org, { domain: 'other.example.com' })).siteId;
    await seedEvents(t, site, EVENTS);
    await seedEvents(t, other, [{ session_id: 1, ...alice, at: '2026-03-10T10:00:00Z' }]);
    const identity = (siteId: number, who: string, device: string, traits: string, at: string) =>
      ({ site_id: siteId, timestamp: at, identified_user_id: who, user_id: device, anonymous_id: '', traits });
    await t.services.analytics.insert('user_identities', [
      identity(site, 'alice', 'dev1', '{"plan":"pro","seats":3}', '2026-03-09 09:00:00.000'),
      identity(site, 'bob', 'dev3', '{}', '2026-03-06 09:00:00.000'),
      identity(site, 'carol', 'dev1', '{}', '2026-03-07 09:00:00.000'),
      identity(other, 'alice', 'dev1', '{"plan":"pro"}', '2026-03-09 09:00:00.000'),
    ]);
  }, 60_000);
  afterAll(async () => t.close());

  it('identify links a device to a user and merges traits; a member may', async () => {
    const res = await call(t.app, member, { method: 'POST', url: `/api/sites/${site}/users/identify`, payload: { anonymous_id: 'dev2', user_id: 'alice', traits: { seats: 4, company: 'Acme', plan: null } } });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    expect((await identities(site)).slice(-1)).toEqual(['alice/dev2/{"plan":"pro","seats":4,"company":"Acme"}']);
    const detail = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/users/alice?${RANGE}` });
    const body = detail.json() as { data: { traits: unknown; linked_devices: Array<{ anonymous_id: string }> } };
    expect(body.data.traits).toEqual({ plan: 'pro', seats: 4, company: 'Acme' });
    expect(body.data.linked_devices.map((d) => d.anonymous_id)).toEqual(['dev1', 'dev2']);
  });

  it('PUT traits replaces the traits without linking a device', async () => {
    const res = await call(t.app, member, { method: 'PUT', url: `/api/sites/${site}/users/alice/traits`, payload: { traits: { plan: 'team', note: null } } });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    expect((await identities(site)).slice(-1)).toEqual(['alice//{"plan":"team"}']);
    const detail = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/users/alice?${RANGE}` });
    const body = detail.json() as { data: { traits: unknown; linked_devices: Array<{ anonymous_id: string }> } };
    expect(body.data.traits).toEqual({ plan: 'team' });
    expect(body.data.linked_devices.map((d) => d.anonymous_id)).toEqual(['dev1', 'dev2']);
  });

  it.each([
    ['identify', 'POST', 'users/identify', { anonymous_id: 'dev1', user_id: 'dev1' }],
    ['identify', 'POST', 'users/identify', { anonymous_id: 'dev1' }],
    ['identify', 'POST', 'users/identify', { anonymous_id: '', user_id: 'x' }],
    ['identify', 'POST', 'users/identify', { anonymous_id: 'dev1', user_id: 'x'.repeat(256) }],
    ['identify', 'POST', 'users/identify', { anonymous_id: 'dev1', user_id: 'x', traits: { big: 'y'.repeat(2040) } }],
    ['traits', 'PUT', 'users/alice/traits', {}],
    ['traits', 'PUT', 'users/alice/traits', { traits: 'plan' }],
    ['traits', 'PUT', 'users/alice/traits', { traits: { big: 'y'.repeat(2040) } }],
  ] as const)('%s answers 400 to a bad body %#', async (_name, method, path, payload) => {
    const res = await call(t.app, owner, { method, url: `/api/sites/${site}/${path}`, payload });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^Invalid body/);
  });

  it('refuses callers without the right credential, role or scope', async () => {
    const readOnly = await createOrganizationKey(t.app, owner, org, { name: 'reader', permissions: { users: ['read'] } });
    const writer = await createOrganizationKey(t.app, owner, org, { name: 'writer', permissions: { users: ['write'] } });
    const identify = { method: 'POST' as const, url: `/api/sites/${site}/users/identify`, payload: { anonymous_id: 'dev9', user_id: 'zed' } };
    const traits = { method: 'PUT' as const, url: `/api/sites/${site}/users/zed/traits`, payload: { traits: {} } };
    const erase = { method: 'DELETE' as const, url: `/api/sites/${site}/users/zed` };
    const answers = [];
    for (const request of [identify, traits, erase]) {
      for (const who of [undefined, stranger, { key: readOnly.key }]) {
        const res = await call(t.app, who, request);
        answers.push([request.method, res.statusCode, res.json()]);
      }
    }
    const denied = (method: string) => [
      [method, 401, { error: 'Authentication required' }],
      [method, 403, { error: 'No access to this site' }],
      [method, 403, { error: 'API key lacks the users:write scope', required: 'users:write' }],
    ];
    expect(answers).toEqual([...denied('POST'), ...denied('PUT'), ...denied('DELETE')]);
    const byMember = await call(t.app, member, erase);
    expect([byMember.statusCode, byMember.json()]).toEqual([403, { error: 'This action needs the admin role' }]);
    const byKey = await call(t.app, { key: writer.key }, erase);
    expect([byKey.statusCode, byKey.json()]).toEqual([200, { success: true, erased: { events: 0, sessions: 0, identities: 0, webhookDeliveries: 0 } }]);
  });

  it('erase removes every row of the person, queued ones included, and nothing of anyone else', async () => {
    const overview = async (siteId: number) => (await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/overview?${RANGE}` })).json() as { data: { sessions: number; pageviews: number } };
    expect(await counts(site)).toEqual({ events: 10, action_events: 3, performance_events: 1, user_identities: 5, sessions: 5 });
    expect(await counts(other)).toEqual({ events: 1, action_events: 0, performance_events: 0, user_identities: 1, sessions: 1 });
    expect((await overview(site)).data).toMatchObject({ sessions: 5, pageviews: 6 });
    // Still in the durable spool when the erase starts: stored first, then erased.
    await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site}/users/alice/traits`, payload: { traits: { queued: true } } });

    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/users/alice` });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, erased: { events: 6, sessions: 2, identities: 4, webhookDeliveries: 0 } }]);

    expect(await counts(site)).toEqual({ events: 4, action_events: 1, performance_events: 0, user_identities: 2, sessions: 3 });
    expect(await counts(other)).toEqual({ events: 1, action_events: 0, performance_events: 0, user_identities: 1, sessions: 1 });
    expect(await identities(site)).toEqual(['bob/dev3/{}', 'carol/dev1/{}']);
    const left = await rows<{ who: string; path: string; type: string }>(t, `SELECT identified_user_id AS who, toString(pathname) AS path, type FROM events
      WHERE site_id = {site:UInt32} ORDER BY timestamp`, { site });
    expect(left).toEqual([
      { who: 'bob', path: '/', type: 'pageview' },
      { who: 'carol', path: '/carol', type: 'pageview' },
      { who: 'bob', path: '/bob', type: 'pageview' },
      { who: 'bob', path: '', type: 'outbound' },
    ]);
    const shared = await rows<{ pageviews: string; entry: string; first: string }>(t, `SELECT sum(pageviews) AS pageviews, substring(min(entry_page), 24) AS entry,
      toString(min(first_at)) AS first FROM sessions FINAL WHERE site_id = {site:UInt32} AND session_id = 3`, { site });
    expect(shared).toEqual([{ pageviews: '1', entry: '/bob', first: '2026-03-08 10:05:00.000' }]);
    expect((await overview(site)).data).toMatchObject({ sessions: 3, pageviews: 3 });
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/users/alice?${RANGE}` })).statusCode).toBe(404);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${other}/users/alice?${RANGE}` })).statusCode).toBe(200);
  });
});
