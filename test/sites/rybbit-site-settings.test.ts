// The Rybbit web app's site settings keys: trackFormInteractions mapped, defaults accepted, the rest a clear 400; their GET lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('Rybbit site settings keys', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let stranger: { cookie: string };
  let org: string;
  let site: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'rybbit-settings@example.com');
    stranger = await signUp(t.app, 'rybbit-settings-stranger@example.com');
    org = await createOrganization(t.app, owner.cookie, 'rybbit-settings');
    site = (await createSite(t.app, owner, org, { domain: 'settings.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  const put = (payload: object) => call(t.app, owner, { method: 'PUT', url: `/api/sites/${site}/config`, payload });
  const toggles = async () => {
    const record = (await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}` })).json() as Record<string, unknown>;
    const config = (await call(t.app, undefined, { method: 'GET', url: `/api/site/tracking-config/${site}`, headers: { origin: 'https://settings.example.com' } })).json() as Record<string, unknown>;
    const pick = (o: Record<string, unknown>) => [o.trackFormSubmit, o.trackInputChange, o.trackFormInteractions];
    return { record: pick(record), config: pick(config), trackIp: record.trackIp };
  };

  it('maps trackFormInteractions to both form toggles and reads it back as their AND', async () => {
    expect(await toggles()).toEqual({ record: [false, false, false], config: [false, false, false], trackIp: false });
    const on = await put({ trackFormInteractions: true });
    expect([on.statusCode, (on.json() as Record<string, unknown>).trackFormInteractions]).toEqual([200, true]);
    expect(await toggles()).toEqual({ record: [true, true, true], config: [true, true, true], trackIp: false });
    expect((await put({ trackInputChange: false })).statusCode).toBe(200);
    expect(await toggles()).toEqual({ record: [true, false, false], config: [true, false, false], trackIp: false });
    expect((await put({ trackFormInteractions: false })).statusCode).toBe(200);
    expect(await toggles()).toEqual({ record: [false, false, false], config: [false, false, false], trackIp: false });
    // An explicit Loupe toggle in the same body wins over Rybbit's single one.
    expect((await put({ trackFormInteractions: true, trackInputChange: false })).statusCode).toBe(200);
    expect(await toggles()).toEqual({ record: [true, false, false], config: [true, false, false], trackIp: false });
  });

  it('accepts the unsupported keys at their default value, as a no-op', async () => {
    const before = (await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}` })).json() as Record<string, unknown>;
    const res = await put({ trackIp: false, excludedASNs: [], excludedQueryParams: [], embedEnabled: false, firstPartyProxy: false, tags: [], type: 'web' });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Record<string, unknown>;
    expect({ ...after, updatedAt: '' }).toEqual({ ...before, updatedAt: '' });
    expect(Object.keys(after).filter((key) => ['excludedASNs', 'excludedQueryParams', 'embedEnabled', 'firstPartyProxy', 'tags', 'type'].includes(key))).toEqual([]);
  });

  it.each([
    [{ trackIp: true }, ['trackIp']],
    [{ excludedASNs: [13335] }, ['excludedASNs']],
    [{ excludedQueryParams: ['fbclid'] }, ['excludedQueryParams']],
    [{ embedEnabled: true }, ['embedEnabled']],
    [{ firstPartyProxy: true }, ['firstPartyProxy']],
    [{ tags: ['shop'] }, ['tags']],
    [{ type: 'app' }, ['type']],
    [{ trackIp: true, tags: ['a'], name: 'Renamed' }, ['trackIp', 'tags']],
  ])('refuses %j with a 400 naming the unsupported keys, changing nothing', async (payload, unsupported) => {
    const res = await put(payload);
    expect([res.statusCode, res.json()]).toEqual([400, { error: `Not supported by Loupe: ${unsupported.join(', ')}`, details: { unsupported } }]);
    const record = (await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}` })).json() as Record<string, unknown>;
    expect(record.name).toBe('settings.example.com');
  });

  it.each([
    [{ trackFormInteractions: 'yes' }],
    [{ excludedASNs: 'AS13335' }],
    [{ type: 7 }],
  ])('refuses a wrongly typed value %j with 400 Invalid body', async (payload) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^Invalid body/);
  });

  it('creates a site with Rybbit\'s add-site keys at their defaults, and refuses others', async () => {
    const made = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/sites`, payload: { domain: 'made.example.com', type: 'web', trackFormInteractions: true } });
    expect(made.statusCode).toBe(200);
    expect((made.json() as Record<string, unknown>).trackInputChange).toBe(true);
    const refused = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/sites`, payload: { domain: 'app.example.com', type: 'app' } });
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'Not supported by Loupe: type', details: { unsupported: ['type'] } }]);
  });

  it('lists excluded ASNs and query parameters as empty, with site access', async () => {
    for (const [suffix, field] of [['excluded-asns', 'excludedASNs'], ['excluded-query-params', 'excludedQueryParams']] as const) {
      const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/${suffix}` });
      expect([res.statusCode, res.json()]).toEqual([200, { success: true, [field]: [] }]);
      expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${site}/${suffix}` })).statusCode).toBe(401);
      expect((await call(t.app, stranger, { method: 'GET', url: `/api/sites/${site}/${suffix}` })).statusCode).toBe(403);
    }
    const noSites = await createOrganizationKey(t.app, owner, org, { name: 'analytics only', permissions: { analytics: ['read'] } });
    const res = await call(t.app, { key: noSites.key }, { method: 'GET', url: `/api/sites/${site}/excluded-asns` });
    expect([res.statusCode, res.json()]).toEqual([403, { error: 'API key lacks the sites:read scope', required: 'sites:read' }]);
  });
});
