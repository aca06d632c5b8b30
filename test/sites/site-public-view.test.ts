// GET /api/sites/{site} for a reader who is not a member (a public site's visitor, a signed-in stranger, a
// private link's holder): the site's identity and tracker toggles, never the owner's exclusion lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('a site as its non-members read it', () => {
  let t: TestApp;
  let owner: Credential;
  let site: { siteId: number; id: string };
  const OWNER_ONLY = ['excludedIPs', 'excludedCountries', 'excludedPaths', 'excludedHostnames', 'excludedUserAgents', 'blockBots', 'saltUserIds'];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'public-view-owner@example.com');
    const orgId = await createOrganization(t.app, owner.cookie ?? '', 'public-view');
    site = await createSite(t.app, owner, orgId, {
      domain: 'open.example.com', name: 'Open', public: true,
      excludedIPs: ['203.0.113.7'], excludedUserAgents: ['owner-laptop'], excludedPaths: ['/admin/**'],
    });
  });
  afterAll(async () => t.close());

  it('shows a signed-out visitor of a public site its identity and toggles only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).filter((key) => OWNER_ONLY.includes(key))).toEqual([]);
    expect(body).toMatchObject({ siteId: site.siteId, id: site.id, domain: 'open.example.com', name: 'Open', public: true, trackInitialPageView: true });
    expect(JSON.stringify(body)).not.toContain('203.0.113.7');
  });

  it('shows a signed-in stranger the same public view', async () => {
    const stranger = await signUp(t.app, 'public-view-stranger@example.com');
    const res = await call(t.app, stranger, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json() as object).filter((key) => OWNER_ONLY.includes(key))).toEqual([]);
  });

  it('shows the owner every setting', async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(res.json()).toMatchObject({ excludedIPs: ['203.0.113.7'], excludedUserAgents: ['owner-laptop'], excludedPaths: ['/admin/**'], blockBots: true });
  });

  it('shows a private link holder the public view of a private site', async () => {
    await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { public: false } });
    const generated = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site.siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } });
    const key = (generated.json() as { data: { privateLinkKey: string } }).data.privateLinkKey;
    const res = await t.app.inject({ method: 'GET', url: `/api/sites/${site.siteId}`, headers: { 'x-private-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: site.id, public: false });
    expect(Object.keys(res.json() as object).filter((key) => OWNER_ONLY.includes(key))).toEqual([]);
  });
});
