// Accounts, organizations and site CRUD over HTTP against the real stores (SQLite, and PostgreSQL when reachable).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieOf, createOrganization, createSite, signIn, signUp, inviteAndAccept } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();

describe.each(backends)('accounts and sites on %s', (backend) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    owner = await signUp(t.app, 'owner@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'acme');
  });
  afterAll(async () => t.close());

  it('signs in with the right password and refuses a wrong one', async () => {
    const ok = await signIn(t.app, 'owner@example.com', 'correct-horse-9');
    expect(ok.statusCode).toBe(200);
    expect(cookieOf(ok)).toMatch(/^better-auth\.session_token=/);
    const bad = await signIn(t.app, 'owner@example.com', 'wrong-password');
    expect(bad.statusCode).toBe(401);
    // better-auth's own `message` stays (its clients' sign-in forms show it), beside Loupe's `error`.
    expect(bad.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bad.body).toBe('{"message":"Invalid email or password","code":"INVALID_EMAIL_OR_PASSWORD","error":"Invalid email or password"}');
  });

  it("lists the caller's organizations with the owner role", async () => {
    const res = await call(t.app, owner, { method: 'GET', url: '/api/organizations' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ id: orgId, slug: 'acme', role: 'owner' })]);
  });

  it('creates a site and reads it by numeric and hex id', async () => {
    const site = await createSite(t.app, owner, orgId, { domain: 'https://www.Shop.example.com/', name: 'Shop', trackErrors: true });
    expect(site).toMatchObject({ domain: 'shop.example.com', name: 'Shop', organizationId: orgId, trackErrors: true, public: false, blockBots: true });
    expect(site.id).toMatch(/^[0-9a-f]{12}$/);
    const byNumber = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site.siteId}` });
    const byHex = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site.id}` });
    expect(byNumber.statusCode).toBe(200);
    expect(byHex.json()).toEqual(byNumber.json());
    const list = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${orgId}/sites` });
    expect(list.json().sites.map((s: { siteId: number }) => s.siteId)).toContain(site.siteId);
  });

  it('updates settings by hex id and deletes by numeric id', async () => {
    const site = await createSite(t.app, owner, orgId, { domain: 'blog.example.org' });
    const updated = await call(t.app, owner, {
      method: 'PUT',
      url: `/api/sites/${site.id}/config`,
      payload: { excludedIPs: ['10.0.0.0/8', '203.0.113.7'], excludedCountries: ['de'], name: 'Blog' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Blog', excludedIPs: ['10.0.0.0/8', '203.0.113.7'], excludedCountries: ['DE'] });
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site.siteId}` });
    expect(deleted.json()).toEqual({ success: true });
    const gone = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Site not found' });
  });

  it('answers 400 with the error shape for malformed bodies', async () => {
    const notJson = await call(t.app, owner, {
      method: 'POST',
      url: `/api/organizations/${orgId}/sites`,
      headers: { 'content-type': 'application/json' },
      payload: '{"domain":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(typeof notJson.json().error).toBe('string');
    const badField = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${orgId}/sites`, payload: { domain: 'ok.com', excludedIPs: ['not-an-ip'] } });
    expect(badField.statusCode).toBe(400);
    expect(badField.json()).toEqual({
      error: "Invalid body 'excludedIPs.0': must be an IP address or CIDR range",
      details: { fieldErrors: { 'excludedIPs.0': ['must be an IP address or CIDR range'] }, formErrors: [] },
    });
    const unknown = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${orgId}/sites`, payload: { domain: 'ok.com', colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
    const noDomain = await call(t.app, owner, { method: 'PUT', url: `/api/sites/1/config`, payload: [] });
    expect(noDomain.statusCode).toBe(400);
  });

  it('decides 401 before 400 and 403 for another organization', async () => {
    const anonymous = await call(t.app, undefined, { method: 'POST', url: `/api/organizations/${orgId}/sites`, payload: { bad: true } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    const stranger = await signUp(t.app, 'stranger@example.com');
    await createOrganization(t.app, stranger.cookie, 'other');
    const site = await createSite(t.app, owner, orgId, { domain: 'private.example.com' });
    const read = await call(t.app, stranger, { method: 'GET', url: `/api/sites/${site.id}` });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: 'No access to this site' });
    const write = await call(t.app, stranger, { method: 'POST', url: `/api/organizations/${orgId}/sites`, payload: { domain: 'x.com' } });
    expect(write.statusCode).toBe(403);
    const missing = await call(t.app, stranger, { method: 'GET', url: '/api/sites/999999' });
    expect(missing.statusCode).toBe(404);
    const missingAnon = await call(t.app, undefined, { method: 'GET', url: '/api/sites/999999' });
    expect(missingAnon.statusCode).toBe(401);
  });

  it('lets anyone read a public site but not change it', async () => {
    const site = await createSite(t.app, owner, orgId, { domain: 'open.example.com', public: true });
    const read = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ siteId: site.siteId, public: true });
    const change = await call(t.app, undefined, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { public: false } });
    expect(change.statusCode).toBe(401);
    const config = await call(t.app, undefined, { method: 'GET', url: `/api/site/tracking-config/${site.id}`, headers: { origin: 'https://open.example.com' } });
    expect(config.json()).toEqual({
      siteId: site.siteId, id: site.id, domain: 'open.example.com', trackErrors: false, webVitals: false, trackOutbound: true,
      trackUrlParams: true, trackInitialPageView: true, trackSpaNavigation: true, sessionReplay: false, replaySampleRate: 100, replayMaskTextSelectors: [],
      trackButtonClicks: false, trackCopy: false, trackFormSubmit: false, trackInputChange: false, trackFormInteractions: false,
      trackDownloads: true,
      downloadExtensions: ['pdf', 'xlsx', 'docx', 'txt', 'rtf', 'csv', 'exe', 'key', 'pps', 'ppt', 'pptx', '7z', 'pkg', 'rar', 'gz', 'zip', 'avi', 'mov', 'mp4',
        'mpeg', 'wmv', 'midi', 'mp3', 'wav', 'wma', 'dmg', 'iso', 'msi'],
    });
  });

  it('lets a member read but not configure sites', async () => {
    const member = await signUp(t.app, 'member@example.com');
    const accept = await inviteAndAccept(t.app, owner, member, orgId, 'member@example.com', 'member');
    expect(accept.statusCode).toBe(200);
    const site = await createSite(t.app, owner, orgId, { domain: 'team.example.com' });
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${site.siteId}` })).statusCode).toBe(200);
    const change = await call(t.app, member, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { public: true } });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ error: 'This action needs the admin role' });
  });
});
