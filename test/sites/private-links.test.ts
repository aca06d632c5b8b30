// Private links: an admin generates a key; the x-private-key header then opens that site's read routes
// read-only, never its writes, never another site; rotation and revocation end the old key at once.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp, type Credential, inviteAndAccept } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('private links', () => {
  let t: TestApp;
  let owner: Credential;
  let member: Credential;
  let orgId: string;
  let shop: { siteId: number; id: string };
  let other: { siteId: number; id: string };

  const generate = async (siteId: number) =>
    call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } });
  const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'x-private-key': key, origin: 'http://localhost:3001' }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'link-owner@example.com');
    orgId = await createOrganization(t.app, owner.cookie ?? '', 'link-org');
    shop = await createSite(t.app, owner, orgId, { domain: 'shop.example.com' });
    other = await createSite(t.app, owner, orgId, { domain: 'other.example.com' });
    const memberUser = await signUp(t.app, 'link-member@example.com');
    member = memberUser;
    await inviteAndAccept(t.app, owner, member, orgId, 'link-member@example.com', 'member');
    await seedEvents(t, shop.siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'u1', pathname: '/' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, user_id: 'u1', pathname: '/pricing' },
    ]);
    await seedEvents(t, other.siteId, [{ at: '2026-03-10T10:00:00Z', session_id: 5, user_id: 'u5' }]);
  });
  afterAll(async () => t.close());

  it('has no key until one is generated, then reads it back to admins', async () => {
    const none = await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.siteId}/private-link-config` });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, data: { privateLinkKey: null, hasPassword: false } });
    const created = await generate(shop.siteId);
    expect(created.statusCode).toBe(200);
    const key = created.json().data.privateLinkKey as string;
    expect(key).toMatch(/^[0-9a-f]{12}$/);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.id}/private-link-config` })).json()).toEqual({ success: true, data: { privateLinkKey: key, hasPassword: false } });
  });

  it('issues 12-character keys (the form Rybbit\'s web app recognises) and keeps a 32-character key issued before working', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i += 1) keys.add((await generate(shop.siteId)).json().data.privateLinkKey as string);
    expect(keys.size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{12}$/);
    const legacy = '0123456789abcdef0123456789abcdef';
    await t.services.metadata.db.updateTable('site_private_links')
      .set({ key_digest: createHash('sha256').update(legacy, 'utf8').digest('hex') }).where('site_id', '=', shop.siteId).execute();
    expect((await withKey(legacy, 'GET', `/api/sites/${shop.siteId}/overview?start_date=2026-03-01&end_date=2026-03-15`)).statusCode).toBe(200);
    expect((await withKey(legacy.slice(0, 12), 'GET', `/api/sites/${shop.siteId}/overview`)).statusCode).toBe(401);
  });

  it('stores the key only as a digest and sealed, never in clear', async () => {
    const key = (await generate(shop.siteId)).json().data.privateLinkKey as string;
    const row = await t.services.metadata.db.selectFrom('site_private_links').selectAll().where('site_id', '=', shop.siteId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.key_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('opens the site\'s read routes without credentials', async () => {
    const key = (await generate(shop.siteId)).json().data.privateLinkKey as string;
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/sites/${shop.siteId}/overview?start_date=2026-03-01&end_date=2026-03-15` });
    expect(anonymous.statusCode).toBe(401);
    const overview = await withKey(key, 'GET', `/api/sites/${shop.siteId}/overview?start_date=2026-03-01&end_date=2026-03-15`);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data).toMatchObject({ sessions: 1, pageviews: 2, users: 1 });
    expect((await withKey(key, 'GET', `/api/sites/${shop.id}/has-data`)).json()).toEqual({ hasData: true });
    expect((await withKey(key, 'GET', `/api/sites/${shop.siteId}/is-public`)).json()).toEqual({ isPublic: false });
    expect((await withKey(key, 'GET', `/api/sites/${shop.siteId}`)).statusCode).toBe(200);
    const funnel = await withKey(key, 'POST', `/api/sites/${shop.siteId}/funnels/analyze`, { steps: [{ type: 'page', value: '/' }, { type: 'page', value: '/pricing' }] });
    expect(funnel.statusCode).toBe(200);
    expect(funnel.json().data.map((step: { sessions: number }) => step.sessions)).toEqual([1, 1]);
  });

  it.each([
    ['PUT', 'config', { name: 'taken over' }],
    ['DELETE', '', undefined],
    ['POST', 'goals', { goalType: 'path', config: { pathPattern: '/x' } }],
    ['POST', 'annotations', { title: 'x', date: '2026-03-10' }],
    ['POST', 'private-link-config', { action: 'generate_private_link_key' }],
    ['GET', 'private-link-config', undefined],
    ['GET', 'excluded-ips', undefined],
  ] as const)('never opens %s %s', async (method, suffix, payload) => {
    const key = (await generate(shop.siteId)).json().data.privateLinkKey as string;
    const res = await withKey(key, method, `/api/sites/${shop.siteId}${suffix ? `/${suffix}` : ''}`, payload);
    expect(res.statusCode).toBe(401);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.siteId}` })).json().domain).toBe('shop.example.com');
  });

  it('opens no other site, and a wrong, rotated or revoked key opens nothing', async () => {
    const first = (await generate(shop.siteId)).json().data.privateLinkKey as string;
    expect((await withKey(first, 'GET', `/api/sites/${other.siteId}/overview`)).statusCode).toBe(401);
    expect((await withKey('0'.repeat(32), 'GET', `/api/sites/${shop.siteId}/overview`)).statusCode).toBe(401);
    expect((await withKey('x'.repeat(500), 'GET', `/api/sites/${shop.siteId}/overview`)).statusCode).toBe(401);
    const second = (await generate(shop.siteId)).json().data.privateLinkKey as string;
    expect(second).not.toBe(first);
    expect((await withKey(first, 'GET', `/api/sites/${shop.siteId}/overview`)).statusCode).toBe(401);
    expect((await withKey(second, 'GET', `/api/sites/${shop.siteId}/overview`)).statusCode).toBe(200);
    const revoked = await call(t.app, owner, { method: 'POST', url: `/api/sites/${shop.siteId}/private-link-config`, payload: { action: 'revoke_private_link_key' } });
    expect(revoked.json()).toEqual({ success: true, data: { privateLinkKey: null, hasPassword: false } });
    expect((await withKey(second, 'GET', `/api/sites/${shop.siteId}/overview`)).statusCode).toBe(401);
  });

  it('lets a signed-in stranger read with the key but not write', async () => {
    const key = (await generate(shop.siteId)).json().data.privateLinkKey as string;
    const stranger = await signUp(t.app, 'link-stranger@example.com');
    const read = await call(t.app, stranger, { method: 'GET', url: `/api/sites/${shop.siteId}/overview`, headers: { 'x-private-key': key } });
    expect(read.statusCode).toBe(200);
    const write = await call(t.app, stranger, { method: 'PUT', url: `/api/sites/${shop.siteId}/config`, headers: { 'x-private-key': key }, payload: { name: 'x' } });
    expect(write.statusCode).toBe(403);
  });

  it('leaves key management to admins and rejects a bad action', async () => {
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${shop.siteId}/private-link-config` })).statusCode).toBe(403);
    expect((await call(t.app, member, { method: 'POST', url: `/api/sites/${shop.siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } })).statusCode).toBe(403);
    const bad = await call(t.app, owner, { method: 'POST', url: `/api/sites/${shop.siteId}/private-link-config`, payload: { action: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
  });

  it('drops the link with its site', async () => {
    const doomed = await createSite(t.app, owner, orgId, { domain: 'doomed.example.com' });
    await generate(doomed.siteId);
    await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${doomed.siteId}` });
    expect(await t.services.metadata.db.selectFrom('site_private_links').select('site_id').where('site_id', '=', doomed.siteId).execute()).toEqual([]);
  });
});
