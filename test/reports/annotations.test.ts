// Annotations over HTTP: site and organization scope, date overlap, who may change what, public viewers, validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential, inviteAndAccept } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const NOW = '2026-03-20T12:00:00.000Z';

describe('annotations', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let member1: { cookie: string; userId: string };
  let member2: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };
  let orgA: string;
  let site1: number;
  let site2: number;
  let otherOrgSite: number;
  let launchId: string;
  let orgWideId: string;

  async function join(email: string, organizationId: string, role: 'member' | 'admin') {
    const user = await signUp(t.app, email);
    const accept = await inviteAndAccept(t.app, owner, user, organizationId, email, role);
    if (accept.statusCode !== 200) throw new Error(`accept failed: ${accept.body}`);
    return user;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse(NOW) });
    owner = await signUp(t.app, 'ann-owner@example.com');
    orgA = await createOrganization(t.app, owner.cookie, 'ann-org-a');
    site1 = (await createSite(t.app, owner, orgA, { domain: 'one.example.com', public: true })).siteId;
    site2 = (await createSite(t.app, owner, orgA, { domain: 'two.example.com' })).siteId;
    admin = await join('ann-admin@example.com', orgA, 'admin');
    member1 = await join('ann-m1@example.com', orgA, 'member');
    member2 = await join('ann-m2@example.com', orgA, 'member');
    stranger = await signUp(t.app, 'ann-stranger@example.com');
    const orgB = await createOrganization(t.app, stranger.cookie, 'ann-org-b');
    otherOrgSite = (await createSite(t.app, stranger, orgB, { domain: 'three.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  const send = (credential: Credential | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', site: number, path = '', payload?: unknown) =>
    call(t.app, credential, { method, url: `/api/sites/${site}/annotations${path}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const titles = async (credential: Credential | undefined, site: number, query = '') =>
    ((await send(credential, 'GET', site, query)).json() as Array<{ title: string }>).map((annotation) => annotation.title);

  it('lets a member create a site annotation and lists it with every field', async () => {
    const res = await send(member1, 'POST', site1, '', { title: 'Launch', date: '2026-03-10', color: 'sky', icon: 'rocket' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, annotationId: expect.any(String) });
    launchId = res.json().annotationId;
    expect((await send(member1, 'GET', site1)).json()).toEqual([
      {
        annotationId: launchId, siteId: site1, organizationId: orgA, userId: member1.userId, title: 'Launch', description: null,
        date: '2026-03-10T00:00:00.000Z', endDate: null, color: 'sky', icon: 'rocket', isPublic: false, createdAt: NOW, updatedAt: NOW,
      },
    ]);
  });

  it('needs the admin role for organization scope', async () => {
    const body = { title: 'Pricing change', date: '2026-03-05T09:30:00+01:00', endDate: '2026-03-12', scope: 'organization', isPublic: true, description: 'New plans' };
    expect((await send(member1, 'POST', site1, '', body)).statusCode).toBe(403);
    const res = await send(admin, 'POST', site1, '', body);
    expect(res.statusCode).toBe(200);
    orgWideId = res.json().annotationId;
  });

  it("shows organization-wide annotations on every site of the organization, by date, and not in another organization's", async () => {
    const list = (await send(owner, 'GET', site1)).json() as Array<Record<string, unknown>>;
    expect(list.map((a) => [a.title, a.siteId, a.date, a.endDate, a.isPublic, a.userId])).toEqual([
      ['Pricing change', null, '2026-03-05T08:30:00.000Z', '2026-03-12T00:00:00.000Z', true, admin.userId],
      ['Launch', site1, '2026-03-10T00:00:00.000Z', null, false, member1.userId],
    ]);
    expect(await titles(member2, site2)).toEqual(['Pricing change']);
    expect(await titles(stranger, otherOrgSite)).toEqual([]);
  });

  it.each([
    ['?start_date=2026-03-10&end_date=2026-03-10', ['Pricing change', 'Launch']],
    ['?start_date=2026-03-11&end_date=2026-03-11', ['Pricing change']],
    // The end instant counts as inside: a range ending on 2026-03-12 (midnight UTC) shows on that day.
    ['?start_date=2026-03-12&end_date=2026-03-20', ['Pricing change']],
    ['?start_date=2026-03-13&end_date=2026-03-20', []],
    ['?start_date=2026-03-01&end_date=2026-03-04', []],
    ['?start_date=2026-03-05&end_date=2026-03-05&time_zone=Pacific/Kiritimati', ['Pricing change']],
    ['?start_date=2026-03-04&end_date=2026-03-04&time_zone=Asia/Tokyo', []],
  ])('lists the annotations overlapping %s', async (query, expected) => {
    expect(await titles(owner, site1, query)).toEqual(expected);
  });

  it("forbids a member to change another member's annotation, lets the author and an admin", async () => {
    expect((await send(member2, 'PUT', site1, `/${launchId}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await send(member2, 'DELETE', site1, `/${launchId}`)).statusCode).toBe(403);
    const own = await send(member1, 'PUT', site1, `/${launchId}`, { title: 'Launch v2', endDate: '2026-03-11', color: null });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ annotationId: launchId, title: 'Launch v2', endDate: '2026-03-11T00:00:00.000Z', color: null, icon: 'rocket' });
    const byAdmin = await send(admin, 'PUT', site1, `/${launchId}`, { description: 'edited by admin', isPublic: true });
    expect(byAdmin.json()).toMatchObject({ title: 'Launch v2', description: 'edited by admin', isPublic: true, userId: member1.userId });
  });

  it('keeps organization-wide annotations, and moving one there, for admins', async () => {
    expect((await send(member1, 'PUT', site1, `/${orgWideId}`, { title: 'x' })).statusCode).toBe(403);
    expect((await send(member1, 'PUT', site1, `/${launchId}`, { scope: 'organization' })).statusCode).toBe(403);
    const moved = await send(admin, 'PUT', site2, `/${orgWideId}`, { scope: 'site' });
    expect(moved.json()).toMatchObject({ siteId: site2, title: 'Pricing change' });
    expect(await titles(owner, site1)).toEqual(['Launch v2']);
    expect((await send(admin, 'PUT', site2, `/${orgWideId}`, { scope: 'organization' })).json()).toMatchObject({ siteId: null });
  });

  it('answers 404 for unknown ids and for annotations of another site or organization', async () => {
    expect((await send(owner, 'PUT', site1, '/nope', { title: 'x' })).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', site1, '/nope')).statusCode).toBe(404);
    expect((await send(owner, 'PUT', site2, `/${launchId}`, { title: 'x' })).statusCode).toBe(404);
    expect((await send(stranger, 'DELETE', otherOrgSite, `/${orgWideId}`)).statusCode).toBe(404);
  });

  it.each([
    ['title', 'POST', '', { date: '2026-03-10' }],
    ['title', 'POST', '', { title: '', date: '2026-03-10' }],
    ['title', 'POST', '', { title: 'x'.repeat(121), date: '2026-03-10' }],
    ['date', 'POST', '', { title: 'x', date: 'yesterday' }],
    ['date', 'POST', '', { title: 'x', date: '2026-02-30' }],
    ['date', 'POST', '', { title: 'x', date: '2026-03-10T25:00:00Z' }],
    ['endDate', 'POST', '', { title: 'x', date: '2026-03-10', endDate: '2026-03-10' }],
    ['color', 'POST', '', { title: 'x', date: '2026-03-10', color: 'red' }],
    ['description', 'POST', '', { title: 'x', date: '2026-03-10', description: 'd'.repeat(2001) }],
    ['scope', 'POST', '', { title: 'x', date: '2026-03-10', scope: 'world' }],
    ['No fields', 'PUT', 'LAUNCH', {}],
    ['endDate', 'PUT', 'LAUNCH', { endDate: '2026-03-01' }],
  ])('answers 400 naming %s (%s %s)', async (problem, method, path, body) => {
    const res = await send(owner, method as 'POST' | 'PUT', site1, path === 'LAUNCH' ? `/${launchId}` : path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(problem);
  });

  it('answers 400 for a half date range or a bad time zone in the list', async () => {
    expect((await send(owner, 'GET', site1, '?start_date=2026-03-01')).statusCode).toBe(400);
    expect((await send(owner, 'GET', site1, '?start_date=2026-03-01&end_date=2026-03-02&time_zone=Mars/Base')).json().error).toContain('time_zone');
  });

  it('shows viewers of a public site without access only public annotations, and lets nobody write without access', async () => {
    const publicOnly = await send(undefined, 'GET', site1);
    expect(publicOnly.statusCode).toBe(200);
    expect(publicOnly.json().map((a: { title: string }) => a.title)).toEqual(['Pricing change', 'Launch v2']);
    await send(admin, 'PUT', site1, `/${launchId}`, { isPublic: false });
    expect(await titles(undefined, site1)).toEqual(['Pricing change']);
    expect(await titles(stranger, site1)).toEqual(['Pricing change']);
    expect((await send(undefined, 'POST', site1, '', { title: 'x', date: '2026-03-10' })).statusCode).toBe(401);
    expect((await send(stranger, 'POST', site1, '', { title: 'x', date: '2026-03-10' })).statusCode).toBe(403);
    expect((await send(stranger, 'GET', site2)).statusCode).toBe(403);
  });

  it('lets an organization key act as admin without a user id, within its scopes', async () => {
    const full = await createOrganizationKey(t.app, owner, orgA, { name: 'full' });
    const created = await send({ key: full.key }, 'POST', site2, '', { title: 'From CI', date: '2026-03-15', scope: 'organization' });
    expect(created.statusCode).toBe(200);
    const list = (await send({ key: full.key }, 'GET', site1)).json() as Array<{ title: string; userId: string | null }>;
    expect(list.find((a) => a.title === 'From CI')?.userId).toBeNull();
    const reader = await createOrganizationKey(t.app, owner, orgA, { name: 'reader', permissions: { annotations: ['read'] } });
    expect((await send({ key: reader.key }, 'GET', site2)).statusCode).toBe(200);
    expect((await send({ key: reader.key }, 'POST', site2, '', { title: 'x', date: '2026-03-10' })).statusCode).toBe(403);
    const analytics = await createOrganizationKey(t.app, owner, orgA, { name: 'analytics', permissions: { analytics: ['read'] } });
    expect((await send({ key: analytics.key }, 'GET', site2)).statusCode).toBe(403);
  });

  it('deletes: the author their own, an admin an organization-wide one; gone afterwards', async () => {
    expect((await send(member1, 'DELETE', site1, `/${launchId}`)).json()).toEqual({ success: true });
    expect((await send(member1, 'DELETE', site1, `/${launchId}`)).statusCode).toBe(404);
    expect((await send(member1, 'DELETE', site2, `/${orgWideId}`)).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', site2, `/${orgWideId}`)).json()).toEqual({ success: true });
    expect(await titles(owner, site1)).toEqual(['From CI']);
  });
});
