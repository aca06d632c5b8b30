// API keys over HTTP: creation (user and organization), list/update/delete, 401 for dead keys, 403 for scopes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();

describe.each(backends)('API keys on %s', (backend) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let orgId: string;
  let site: { siteId: number; id: string };

  beforeAll(async () => {
    t = await createTestApp({ backend });
    owner = await signUp(t.app, 'keys-owner@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'keys-org');
    site = await createSite(t.app, owner, orgId, { domain: 'keys.example.com' });
  });
  afterAll(async () => t.close());

  it('creates an organization key that is shown once and acts as an admin', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${orgId}/api-keys`, payload: { name: 'server', expiresIn: 86400 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'server', enabled: true, referenceId: orgId, prefix: 'lpo_', rateLimitMax: 500, rateLimitTimeWindow: 600000 });
    expect(body.key).toMatch(/^lpo_[A-Za-z]{64}$/);
    expect(body.start).toBe(body.key.slice(0, 6));
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(86_000_000);
    const read = await call(t.app, { key: body.key }, { method: 'GET', url: `/api/sites/${site.id}` });
    expect(read.statusCode).toBe(200);
    const change = await call(t.app, { key: body.key }, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { trackErrors: true } });
    expect(change.statusCode).toBe(200);
    const viaQuery = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${site.siteId}?api_key=${body.key}` });
    expect(viaQuery.statusCode).toBe(200);
  });

  it('creates a user key with a distinct prefix and lists keys without secrets', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'mine' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'mine', userId: owner.userId, prefix: 'lp_', enabled: true, expiresAt: null });
    const list = await call(t.app, owner, { method: 'GET', url: '/api/auth/api-key/list' });
    expect(list.statusCode).toBe(200);
    const listed = list.json();
    expect(listed.total).toBe(1);
    expect(listed.apiKeys[0]).toMatchObject({ id: res.json().id, name: 'mine' });
    expect(listed.apiKeys[0].key).toBeUndefined();
    const orgList = await call(t.app, owner, { method: 'GET', url: `/api/auth/api-key/list?organizationId=${orgId}` });
    expect(orgList.json().apiKeys.every((k: { referenceId: string }) => k.referenceId === orgId)).toBe(true);
  });

  it('refuses bearer keys on the cookie-only endpoints', async () => {
    const { key, id } = await createOrganizationKey(t.app, owner, orgId, { name: 'bearer' });
    for (const [method, url, payload] of [
      ['GET', '/api/auth/api-key/list', undefined],
      ['POST', '/api/auth/api-key/update', { keyId: id, name: 'x' }],
      ['POST', '/api/auth/api-key/delete', { keyId: id }],
    ] as const) {
      const res = await call(t.app, { key }, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'This endpoint accepts a session cookie only' });
    }
  });

  it('answers 401 to a disabled, revoked, expired or unknown key', async () => {
    const disabled = await createOrganizationKey(t.app, owner, orgId, { name: 'to-disable' });
    const upd = await call(t.app, owner, { method: 'POST', url: '/api/auth/api-key/update', payload: { keyId: disabled.id, enabled: false, name: 'off' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: disabled.id, enabled: false, name: 'off' });
    const r1 = await call(t.app, { key: disabled.key }, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(r1.statusCode).toBe(401);
    expect(r1.json()).toEqual({ error: 'API key disabled' });

    const revoked = await createOrganizationKey(t.app, owner, orgId, { name: 'to-revoke' });
    const del = await call(t.app, owner, { method: 'POST', url: '/api/auth/api-key/delete', payload: { keyId: revoked.id } });
    expect(del.json()).toEqual({ success: true });
    const r2 = await call(t.app, { key: revoked.key }, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(r2.statusCode).toBe(401);
    expect(r2.json()).toEqual({ error: 'Invalid API key' });

    const expiring = await createOrganizationKey(t.app, owner, orgId, { name: 'to-expire', expiresIn: 3600 });
    // Move the expiry into the past, as if an hour went by.
    const past = new Date(Date.now() - 1000);
    await sql`update apikey set "expiresAt" = ${backend === 'postgres' ? past : past.toISOString()} where id = ${expiring.id}`.execute(t.services.metadata.db);
    const r3 = await call(t.app, { key: expiring.key }, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(r3.statusCode).toBe(401);
    expect(r3.json()).toEqual({ error: 'API key expired' });

    const r4 = await call(t.app, { key: 'lpo_not-a-real-key' }, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(r4.statusCode).toBe(401);
  });

  it('stops accepting a key that was just in use as soon as it is disabled, narrowed or deleted', async () => {
    const read = (key: string) => call(t.app, { key }, { method: 'GET', url: `/api/sites/${site.id}/overview` });
    const disabled = await createOrganizationKey(t.app, owner, orgId, { name: 'busy-disable' });
    expect((await read(disabled.key)).statusCode).toBe(200);
    await call(t.app, owner, { method: 'POST', url: '/api/auth/api-key/update', payload: { keyId: disabled.id, enabled: false } });
    const off = await read(disabled.key);
    expect(off.statusCode).toBe(401);
    expect(off.json()).toEqual({ error: 'API key disabled' });

    const narrowed = await createOrganizationKey(t.app, owner, orgId, { name: 'busy-narrow' });
    expect((await read(narrowed.key)).statusCode).toBe(200);
    // Permissions change only through the server's own auth instance (an admin tool, a migration).
    await t.services.auth.api.updateApiKey({ body: { keyId: narrowed.id, configId: 'organization', userId: owner.userId, permissions: { sites: ['read'] } } });
    const scoped = await read(narrowed.key);
    expect(scoped.statusCode).toBe(403);

    const deleted = await createOrganizationKey(t.app, owner, orgId, { name: 'busy-delete' });
    expect((await read(deleted.key)).statusCode).toBe(200);
    await call(t.app, owner, { method: 'POST', url: '/api/auth/api-key/delete', payload: { keyId: deleted.id } });
    const gone = await read(deleted.key);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ error: 'Invalid API key' });
  });

  it('answers 403 with the missing scope to a key without it', async () => {
    const scoped = await createOrganizationKey(t.app, owner, orgId, { name: 'reader', permissions: { analytics: ['read'] } });
    const res = await call(t.app, { key: scoped.key }, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'API key lacks the sites:read scope', required: 'sites:read' });
    const mint = await call(t.app, { key: scoped.key }, { method: 'POST', url: `/api/organizations/${orgId}/api-keys`, payload: { name: 'escape' } });
    expect(mint.statusCode).toBe(403);
    const badScope = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${orgId}/api-keys`, payload: { name: 'x', permissions: { analytics: ['write'] } } });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().error).toBe("Invalid body 'permissions.analytics': Unknown scope 'analytics:write'");
  });

  it("refuses an organization key on another organization's site", async () => {
    const other = await signUp(t.app, 'other-keys@example.com');
    const otherOrg = await createOrganization(t.app, other.cookie, 'other-keys-org');
    const otherKey = await createOrganizationKey(t.app, other, otherOrg);
    const res = await call(t.app, { key: otherKey.key }, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(res.statusCode).toBe(403);
    const create = await call(t.app, { key: otherKey.key }, { method: 'POST', url: `/api/organizations/${orgId}/api-keys`, payload: { name: 'x' } });
    expect(create.statusCode).toBe(403);
  });
});
