// Share links (issue 34): a private link's optional password (hashed, tries limited, a proof that opens the link
// for a while; the key alone never opens a link with a password), and embed mode: dashboard pages with
// `?embed=true` may be framed by the origins the site lists, every other answer by none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, inviteAndAccept, signUp, type Credential } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const backends = await metadataBackends();

describe.each(backends)('share links with a password (%s)', (backend) => {
  let t: TestApp;
  let now = NOW;
  let owner: Credential;
  let member: Credential;
  let orgId: string;
  let shop: { siteId: number; id: string };
  let other: { siteId: number; id: string };

  const keyOf = async (siteId: number) =>
    (await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } })).json().data.privateLinkKey as string;
  const setPassword = (siteId: number, password: string | null, who: Credential = owner) =>
    call(t.app, who, { method: 'PUT', url: `/api/sites/${siteId}/private-link-password`, payload: { password } });
  const unlock = (site: number | string, payload: object, ip = '203.0.113.1') =>
    t.app.inject({ method: 'POST', url: `/api/sites/${site}/private-link-unlock`, payload, remoteAddress: ip });
  const overview = (siteId: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/overview?${RANGE}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, backend });
    owner = await signUp(t.app, 'share-owner@example.com');
    orgId = await createOrganization(t.app, owner.cookie ?? '', 'share-org');
    shop = await createSite(t.app, owner, orgId, { domain: 'shop.example.com' });
    other = await createSite(t.app, owner, orgId, { domain: 'other.example.com' });
    member = await signUp(t.app, 'share-member@example.com');
    await inviteAndAccept(t.app, owner, member, orgId, 'share-member@example.com', 'member');
    await seedEvents(t, shop.siteId, [{ at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/' }]);
  });
  afterAll(async () => t.close());

  it('needs a link first, an admin, and a password of 8 to 200 characters', async () => {
    const none = await setPassword(other.siteId, 'long enough');
    expect([none.statusCode, none.json().error]).toEqual([404, 'This site has no private link: generate one first']);
    await keyOf(shop.siteId);
    expect((await setPassword(shop.siteId, 'long enough', member)).statusCode).toBe(403);
    expect((await setPassword(shop.siteId, 'short')).statusCode).toBe(400);
    expect((await setPassword(shop.siteId, 'x'.repeat(201))).statusCode).toBe(400);
  });

  it('opens with the key alone without a password; with one, only with a proof of it', async () => {
    const key = await keyOf(shop.siteId);
    expect((await unlock(shop.siteId, { key })).json()).toEqual({ passwordRequired: false, proof: null, expiresAt: null });
    expect((await overview(shop.siteId, { 'x-private-key': key })).statusCode).toBe(200);

    expect((await setPassword(shop.siteId, 'correct horse')).json()).toEqual({ success: true, data: { hasPassword: true } });
    const config = await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.siteId}/private-link-config` });
    expect(config.json()).toEqual({ success: true, data: { privateLinkKey: key, hasPassword: true } });
    expect((await overview(shop.siteId, { 'x-private-key': key })).statusCode).toBe(401);

    expect((await unlock(shop.siteId, { key })).json()).toEqual({ passwordRequired: true, proof: null, expiresAt: null });
    const wrong = await unlock(shop.siteId, { key, password: 'wrong horse' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'Wrong password']);
    const right = await unlock(shop.siteId, { key, password: 'correct horse' });
    expect(right.statusCode).toBe(200);
    const { proof, expiresAt } = right.json() as { proof: string; expiresAt: string };
    expect(expiresAt).toBe('2026-03-21T00:00:00.000Z');
    const opened = await overview(shop.siteId, { 'x-private-key': key, 'x-private-link-proof': proof });
    expect([opened.statusCode, opened.json().data.pageviews]).toEqual([200, 1]);
    // The proof alone, or with another site's key, opens nothing.
    expect((await overview(shop.siteId, { 'x-private-link-proof': proof })).statusCode).toBe(401);
    const otherKey = await keyOf(other.siteId);
    expect((await overview(other.siteId, { 'x-private-key': otherKey, 'x-private-link-proof': proof })).statusCode).toBe(200);
    expect((await setPassword(other.siteId, 'another secret')).statusCode).toBe(200);
    expect((await overview(other.siteId, { 'x-private-key': otherKey, 'x-private-link-proof': proof })).statusCode).toBe(401);
  });

  it('ends proofs when they expire, when the password changes or goes, and when the key is replaced; a forged expiry fails', async () => {
    const key = await keyOf(shop.siteId);
    await setPassword(shop.siteId, 'correct horse');
    const proofOf = async () => (await unlock(shop.siteId, { key, password: 'correct horse' }, '203.0.113.2')).json().proof as string;
    const opens = async (k: string, proof: string) => (await overview(shop.siteId, { 'x-private-key': k, 'x-private-link-proof': proof })).statusCode;
    const proof = await proofOf();
    expect(await opens(key, proof)).toBe(200);
    const [expiry, mac] = proof.split('.') as [string, string];
    expect(await opens(key, `${Number(expiry) + 3600_000}.${mac}`)).toBe(401);
    now = NOW + 12 * 3600_000 - 1;
    expect(await opens(key, proof)).toBe(200);
    now = NOW + 12 * 3600_000;
    expect(await opens(key, proof)).toBe(401);
    now = NOW;
    await setPassword(shop.siteId, 'battery staple');
    expect(await opens(key, proof)).toBe(401);
    await setPassword(shop.siteId, null);
    expect(await opens(key, 'anything')).toBe(200);
    await setPassword(shop.siteId, 'correct horse');
    const fresh = await proofOf();
    const replaced = await keyOf(shop.siteId);
    expect(await opens(replaced, fresh)).toBe(401);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${shop.siteId}/private-link-config` })).json().data.hasPassword).toBe(true);
  });

  it('stores only a salted scrypt hash of the password', async () => {
    await keyOf(shop.siteId);
    await setPassword(shop.siteId, 'correct horse');
    const row = await t.services.metadata.db.selectFrom('site_private_links').selectAll().where('site_id', '=', shop.siteId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('correct horse');
    expect(row.password_hash).toMatch(/^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it('answers an unknown site and a wrong key alike, and limits tries per address', async () => {
    const limited = await createSite(t.app, owner, orgId, { domain: 'limited.example.com' });
    const key = await keyOf(limited.siteId);
    await setPassword(limited.siteId, 'correct horse');
    expect((await unlock(999_999, { key })).json()).toEqual({ error: 'This private link is not valid' });
    expect((await unlock(limited.siteId, { key: 'abcdefabcdef' }, '198.51.100.7')).json()).toEqual({ error: 'This private link is not valid' });
    for (let i = 0; i < 9; i += 1) expect((await unlock(limited.siteId, { key, password: `guess ${i}` }, '198.51.100.7')).statusCode).toBe(401);
    const blocked = await unlock(limited.siteId, { key, password: 'correct horse' }, '198.51.100.7');
    expect([blocked.statusCode, blocked.json().error]).toEqual([429, 'Too many tries for this link: wait before trying again']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await unlock(limited.siteId, { key, password: 'correct horse' }, '198.51.100.8')).statusCode).toBe(200);
    expect((await unlock(limited.siteId, { key: 'x'.repeat(129) })).statusCode).toBe(400);
  });
});

describe('embed mode and frame-ancestors', () => {
  let t: TestApp;
  let owner: Credential;
  let site: { siteId: number; id: string };
  let closed: { siteId: number; id: string };
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'embed-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie ?? '', 'embed-org');
    site = await createSite(t.app, owner, org, { domain: 'embed.example.com' });
    closed = await createSite(t.app, owner, org, { domain: 'closed.example.com' });
    key = (await call(t.app, owner, { method: 'POST', url: `/api/sites/${site.siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } })).json().data.privateLinkKey as string;
  });
  afterAll(async () => t.close());

  const framing = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    const policy = String(res.headers['content-security-policy'] ?? '');
    return [res.statusCode, /frame-ancestors ([^;]+)/.exec(policy)?.[1], res.headers['x-frame-options'] ?? null];
  };

  it('validates the listed origins', async () => {
    for (const bad of ['intranet.example.com', 'https://intranet.example.com/', 'https://intranet.example.com/path', 'ftp://x.example.com', '*']) {
      const res = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { embedOrigins: [bad] } });
      expect([bad, res.statusCode]).toEqual([bad, 400]);
    }
    const res = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { embedOrigins: ['https://Intranet.example.com', 'http://127.0.0.1:4310'] } });
    expect([res.statusCode, res.json().embedOrigins]).toEqual([200, ['https://intranet.example.com', 'http://127.0.0.1:4310']]);
  });

  it('lets the listed origins frame the site\'s pages in embed mode only', async () => {
    await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { embedOrigins: ['https://intranet.example.com', 'http://127.0.0.1:4310'] } });
    const allowed = 'https://intranet.example.com http://127.0.0.1:4310';
    expect(await framing(`/sites/${site.siteId}?embed=true`)).toEqual([200, allowed, null]);
    expect(await framing(`/sites/${site.id}/realtime?embed=true&theme=dark`)).toEqual([200, allowed, null]);
    expect(await framing(`/${site.siteId}/${key}?embed=true`)).toEqual([200, allowed, null]);
    expect(await framing(`/${site.siteId}/${key}/main?embed=true`)).toEqual([200, allowed, null]);
    // Not in embed mode, another site, or not a page: framing stays denied.
    expect(await framing(`/sites/${site.siteId}`)).toEqual([200, "'none'", 'DENY']);
    expect(await framing(`/sites/${site.siteId}?embed=1`)).toEqual([200, "'none'", 'DENY']);
    expect(await framing(`/sites/${closed.siteId}?embed=true`)).toEqual([200, "'none'", 'DENY']);
    expect(await framing(`/sites?embed=true`)).toEqual([200, "'none'", 'DENY']);
    expect(await framing(`/api/sites/${site.siteId}/is-public?embed=true`)).toEqual([200, "'none'", 'DENY']);
  });
});
