// The routes Rybbit's dashboard shell calls, in its shapes: the caller's organizations, the
// organization's sites (team restriction, activity, subscription), events per day, has-data, is-public, the
// exclusion lists, config and version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp, type Credential, inviteAndAccept } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('Rybbit dashboard shell routes', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let member: { cookie: string; userId: string };
  let stranger: Credential;
  let orgId: string;
  let shop: { siteId: number; id: string };
  let blog: { siteId: number; id: string };
  let teamId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'shell-owner@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'shell-org');
    shop = await createSite(t.app, owner, orgId, { domain: 'shop.example.com', name: 'Shop', excludedIPs: ['10.0.0.0/8'], excludedCountries: ['de'], excludedPaths: ['/admin/*'] });
    blog = await createSite(t.app, owner, orgId, { domain: 'blog.example.com', name: 'Blog', public: true });
    member = await signUp(t.app, 'shell-member@example.com');
    await inviteAndAccept(t.app, owner, member, orgId, 'shell-member@example.com', 'member');
    const team = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${orgId}/teams`, payload: { name: 'blog-team', memberUserIds: [member.userId], siteIds: [blog.siteId] } });
    teamId = team.json().id;
    stranger = await signUp(t.app, 'shell-stranger@example.com');
    await seedEvents(t, shop.siteId, [
      { at: '2026-03-20T01:00:00Z', session_id: 1, user_id: 'u1' },
      { at: '2026-03-20T01:05:00Z', session_id: 1, user_id: 'u1', type: 'custom_event', event_name: 'buy' },
      { at: '2026-03-19T13:00:00Z', session_id: 2, user_id: 'u2', type: 'outbound' },
      { at: '2026-03-19T11:00:00Z', session_id: 3, user_id: 'u3' },
    ]);
    await seedEvents(t, blog.siteId, [{ at: '2026-03-19T23:30:00Z', session_id: 9, user_id: 'u9' }]);
  });
  afterAll(async () => t.close());

  it('lists the caller\'s organizations as a bare array with logo, metadata and role', async () => {
    const res = await call(t.app, owner, { method: 'GET', url: '/api/user/organizations' });
    expect(res.statusCode).toBe(200);
    const [org] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(org).toEqual({ id: orgId, name: 'shell-org', slug: 'shell-org', logo: null, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), metadata: null, role: 'owner' });
    expect((await call(t.app, member, { method: 'GET', url: '/api/user/organizations' })).json().map((o: { role: string }) => o.role)).toEqual(['member']);
    expect((await call(t.app, stranger, { method: 'GET', url: '/api/user/organizations' })).json()).toEqual([]);
    const anonymous = await call(t.app, undefined, { method: 'GET', url: '/api/user/organizations' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the organization\'s sites with 24-hour sessions, teams and a self-hosted subscription', async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${orgId}/sites` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({ id: orgId, name: 'shell-org', slug: 'shell-org', logo: null, createdAt: expect.any(String), metadata: null });
    expect(body.role).toBe('owner');
    expect(body.subscription).toEqual({ monthlyEventCount: 0, eventLimit: null, overMonthlyLimit: false, planName: 'free', status: 'free' });
    expect(body.sites.map((s: { siteId: number; sessionsLast24Hours: number; isOwner: boolean; teams: unknown[] }) => [s.siteId, s.sessionsLast24Hours, s.isOwner, s.teams])).toEqual([
      [shop.siteId, 2, true, []],
      [blog.siteId, 1, true, [{ id: teamId, name: 'blog-team' }]],
    ]);
    expect(body.sites[0]).toMatchObject({ domain: 'shop.example.com', name: 'Shop', organizationId: orgId, excludedIPs: ['10.0.0.0/8'] });
  });

  it('shows a team-restricted member only the team\'s sites, not as owner', async () => {
    const res = await call(t.app, member, { method: 'GET', url: `/api/organizations/${orgId}/sites` });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('member');
    expect(res.json().sites.map((s: { siteId: number; isOwner: boolean }) => [s.siteId, s.isOwner])).toEqual([[blog.siteId, false]]);
    expect((await call(t.app, stranger, { method: 'GET', url: `/api/organizations/${orgId}/sites` })).statusCode).toBe(403);
  });

  it('counts events per day by type across the sites the caller reads', async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/org-event-count/${orgId}?start_date=2026-03-18&end_date=2026-03-20` });
    expect(res.statusCode).toBe(200);
    const day = (date: string, counts: Record<string, number>) => ({
      event_date: `${date} 00:00:00`, pageview_count: 0, custom_event_count: 0, performance_count: 0, outbound_count: 0, error_count: 0,
      button_click_count: 0, copy_count: 0, form_submit_count: 0, input_change_count: 0, event_count: 0, ...counts,
    });
    expect(res.json()).toEqual({ data: [
      day('2026-03-18', {}),
      day('2026-03-19', { pageview_count: 2, outbound_count: 1, event_count: 3 }),
      day('2026-03-20', { pageview_count: 1, custom_event_count: 1, event_count: 2 }),
    ] });
    const memberView = await call(t.app, member, { method: 'GET', url: `/api/org-event-count/${orgId}?start_date=2026-03-19&end_date=2026-03-19` });
    expect(memberView.json()).toEqual({ data: [day('2026-03-19', { pageview_count: 1, event_count: 1 })] });
    const shifted = await call(t.app, owner, { method: 'GET', url: `/api/org-event-count/${orgId}?start_date=2026-03-20&end_date=2026-03-20&time_zone=Asia/Tokyo` });
    expect(shifted.json().data.map((d: { event_date: string; event_count: number }) => [d.event_date, d.event_count])).toEqual([['2026-03-20 00:00:00', 3]]);
    const bad = await call(t.app, owner, { method: 'GET', url: `/api/org-event-count/${orgId}?start_date=2026-03-20` });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, stranger, { method: 'GET', url: `/api/org-event-count/${orgId}` })).statusCode).toBe(403);
  });

  it('answers has-data and is-public', async () => {
    const empty = await createSite(t.app, owner, orgId, { domain: 'empty.example.com' });
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.siteId}/has-data` })).json()).toEqual({ hasData: true });
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${empty.id}/has-data` })).json()).toEqual({ hasData: false });
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.id}/is-public` })).json()).toEqual({ isPublic: false });
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${blog.siteId}/is-public` })).json()).toEqual({ isPublic: true });
    // A private site answers as an unknown id would: false, to anyone.
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${shop.siteId}/is-public` })).json()).toEqual({ isPublic: false });
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${shop.siteId}/has-data` })).statusCode).toBe(403);
  });

  it.each([
    ['excluded-ips', { excludedIPs: ['10.0.0.0/8'] }],
    ['excluded-countries', { excludedCountries: ['DE'] }],
    ['excluded-paths', { excludedPaths: ['/admin/*'] }],
    ['excluded-hostnames', { excludedHostnames: [] }],
    ['excluded-user-agents', { excludedUserAgents: [] }],
  ])('lists %s', async (suffix, list) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.siteId}/${suffix}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ...list });
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${shop.siteId}/${suffix}` })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${blog.siteId}/${suffix}` })).statusCode).toBe(401);
  });

  it('serves config and version without credentials', async () => {
    const config = await call(t.app, undefined, { method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ disableSignup: false, emailEnabled: false, mapboxToken: null, liteDashboard: false, routeGroups: false, signInProviders: [], firstAccount: false, favicons: true });
    const version = await call(t.app, undefined, { method: 'GET', url: '/api/version' });
    expect(version.json()).toEqual({ version: '0.1.0' });
  });
});

describe('config with sign-up disabled', () => {
  it('reports sign-up open on an empty instance (the first account) and closed once one exists', async () => {
    const t = await createTestApp({ env: { DISABLE_SIGNUP: 'true' } });
    try {
      const config = async () => (await call(t.app, undefined, { method: 'GET', url: '/api/config' })).json() as { disableSignup: boolean; firstAccount: boolean };
      expect(await config()).toMatchObject({ disableSignup: false, firstAccount: true });
      await signUp(t.app, 'first@example.com');
      expect(await config()).toMatchObject({ disableSignup: true, firstAccount: false });
    } finally {
      await t.close();
    }
  });
});
