// Webhook management over HTTP: bodies, scopes and roles, URL rules on save, 10 per site, paid plans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('webhook management', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let orgId: string;
  let siteId: number;
  const base = () => `/api/sites/${siteId}/webhooks`;

  beforeAll(async () => {
    t = await createTestApp({ resolveHost: async (host) => (host === 'hooks.example.com' ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]) });
    owner = await signUp(t.app, 'wh-admin@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'wh-admin-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'wh.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  it('creates, lists, reads, updates and deletes, showing the secret only at creation', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: base(), payload: { url: 'https://hooks.example.com/in', eventNames: ['signup'], description: 'CRM' } });
    expect(created.statusCode).toBe(200);
    const webhook = created.json().data;
    expect(webhook).toMatchObject({ site_id: siteId, url: 'https://hooks.example.com/in', goal_ids: [], event_names: ['signup'], description: 'CRM', status: 'enabled', disabled_reason: null, consecutive_failures: 0 });
    expect(webhook.id).toMatch(/^wh_[0-9a-f]{24}$/);
    expect(webhook.secret).toMatch(/^whsec_/);
    const list = await call(t.app, owner, { method: 'GET', url: base() });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].secret).toBeUndefined();
    const one = await call(t.app, owner, { method: 'GET', url: `${base()}/${webhook.id}` });
    expect(one.json().data.secret).toBeUndefined();
    expect((await call(t.app, owner, { method: 'GET', url: `${base()}/${webhook.id}/deliveries` })).json()).toEqual({ data: [] });
    const rotated = await call(t.app, owner, { method: 'POST', url: `${base()}/${webhook.id}/rotate-secret` });
    expect(Object.keys(rotated.json())).toEqual(['data']);
    expect(Object.keys(rotated.json().data)).toEqual(['secret']);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(webhook.secret);
    const patched = await call(t.app, owner, { method: 'PATCH', url: `${base()}/${webhook.id}`, payload: { eventNames: ['signup', 'purchase'], enabled: false } });
    expect(patched.json().data).toMatchObject({ event_names: ['signup', 'purchase'], status: 'disabled' });
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base()}/${webhook.id}` })).json()).toEqual({ success: true });
    expect((await call(t.app, owner, { method: 'GET', url: `${base()}/${webhook.id}` })).statusCode).toBe(404);
  });

  it("answers 404 when another site's address names the webhook, the test ping included", async () => {
    const webhook = (await call(t.app, owner, { method: 'POST', url: base(), payload: { url: 'https://hooks.example.com/in', eventNames: ['signup'] } })).json().data;
    const otherSite = (await createSite(t.app, owner, orgId, { domain: 'wh-other.example.com' })).siteId;
    const elsewhere = `/api/sites/${otherSite}/webhooks/${webhook.id}`;
    const ping = await call(t.app, owner, { method: 'POST', url: `${elsewhere}/test` });
    expect([ping.statusCode, ping.json().error]).toEqual([404, 'Webhook not found']);
    expect((await call(t.app, owner, { method: 'GET', url: elsewhere })).statusCode).toBe(404);
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base()}/${webhook.id}` })).json()).toEqual({ success: true });
  });

  it.each([
    [{ url: 'http://hooks.example.com/in', eventNames: ['a'] }, 'Webhook URL must use https://'],
    [{ url: 'https://u:p@hooks.example.com/in', eventNames: ['a'] }, 'Webhook URL must not contain a username or password'],
    [{ url: 'https://internal.example.com/in', eventNames: ['a'] }, 'Webhook host internal.example.com resolves to a non-public address (loopback)'],
    [{ url: 'https://hooks.example.com/in' }, "Invalid body: Select at least one goal or event name"],
    [{ url: 'https://hooks.example.com/in', goalIds: [9999] }, 'Unknown goal id(s) for this site: 9999'],
  ])('refuses a bad webhook on save: %j', async (payload, error) => {
    const res = await call(t.app, owner, { method: 'POST', url: base(), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  it.each([
    ['https://[::127.0.0.1]/in', '::7f00:1', 'ipv4Compatible'],
    ['https://[::7f00:1]/in', '::7f00:1', 'ipv4Compatible'],
    ['https://[::a9fe:a9fe]/in', '::a9fe:a9fe', 'ipv4Compatible'],
    ['https://[::ffff:127.0.0.1]/in', '::ffff:7f00:1', 'ipv4Mapped'],
    ['https://[::ffff:7f00:1]/in', '::ffff:7f00:1', 'ipv4Mapped'],
    ['https://[::1]/in', '::1', 'loopback'],
    ['https://[fe80::1]/in', 'fe80::1', 'linkLocal'],
    ['https://[fc00::1]/in', 'fc00::1', 'uniqueLocal'],
    ['https://[2001:db8::1]/in', '2001:db8::1', 'documentation'],
    ['https://[64:ff9b::7f00:1]/in', '64:ff9b::7f00:1', 'nat64'],
    ['https://[2002:7f00:1::]/in', '2002:7f00:1::', '6to4'],
    ['https://0x7f000001/in', '127.0.0.1', 'loopback'],
    ['https://127.1/in', '127.0.0.1', 'loopback'],
    ['https://[::]/in', '::', 'unspecified'],
    ['https://0.0.0.0/in', '0.0.0.0', 'unspecified'],
  ])('refuses a webhook to %s on save and on change', async (url, host, reason) => {
    const error = `Webhook host ${host} resolves to a non-public address (${reason})`;
    const created = await call(t.app, owner, { method: 'POST', url: base(), payload: { url, eventNames: ['a'] } });
    expect([created.statusCode, created.json()]).toEqual([400, { error }]);
    const good = await call(t.app, owner, { method: 'POST', url: base(), payload: { url: 'https://hooks.example.com/in', eventNames: ['a'] } });
    const id = good.json().data.id as string;
    const changed = await call(t.app, owner, { method: 'PATCH', url: `${base()}/${id}`, payload: { url } });
    expect([changed.statusCode, changed.json()]).toEqual([400, { error }]);
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base()}/${id}` })).statusCode).toBe(200);
  });

  it('allows at most 10 webhooks per site', async () => {
    const other = (await createSite(t.app, owner, orgId, { domain: 'ten.example.com' })).siteId;
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${other}/webhooks`, payload: { url: 'https://hooks.example.com/in', eventNames: [`e${i}`] } });
      expect(res.statusCode).toBe(200);
    }
    const eleventh = await call(t.app, owner, { method: 'POST', url: `/api/sites/${other}/webhooks`, payload: { url: 'https://hooks.example.com/in', eventNames: ['e11'] } });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual({ error: 'A site can have at most 10 webhooks' });
  });

  it('needs webhooks:read to read and webhooks:write to change', async () => {
    const reader = await createOrganizationKey(t.app, owner, orgId, { name: 'r', permissions: { webhooks: ['read'] } });
    const analytics = await createOrganizationKey(t.app, owner, orgId, { name: 'a', permissions: { analytics: ['read'] } });
    expect((await call(t.app, { key: reader.key }, { method: 'GET', url: base() })).statusCode).toBe(200);
    const write = await call(t.app, { key: reader.key }, { method: 'POST', url: base(), payload: { url: 'https://hooks.example.com/in', eventNames: ['a'] } });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: 'API key lacks the webhooks:write scope', required: 'webhooks:write' });
    expect((await call(t.app, { key: analytics.key }, { method: 'GET', url: base() })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: base() })).statusCode).toBe(401);
  });
});

describe('webhook addresses at send time', () => {
  const answers: Record<string, string> = {};
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;
  beforeAll(async () => {
    t = await createTestApp({ resolveHost: async (host) => [{ address: answers[host] ?? '93.184.216.34', family: (answers[host] ?? '').includes(':') ? 6 : 4 }] });
    owner = await signUp(t.app, 'wh-send@example.com');
    siteId = (await createSite(t.app, owner, await createOrganization(t.app, owner.cookie, 'wh-send-org'), { domain: 'send.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  it.each([
    ['::7f00:1', 'ipv4Compatible'],
    ['::a9fe:a9fe', 'ipv4Compatible'],
    ['::ffff:7f00:1', 'ipv4Mapped'],
    ['64:ff9b::a9fe:a9fe', 'nat64'],
    ['2002:7f00:1::', '6to4'],
    ['fe80::1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
  ])('refuses to send to a host whose DNS answer became %s after saving', async (address, reason) => {
    const host = `rebind-${reason.toLowerCase()}-${address.length}.example.com`;
    const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/webhooks`, payload: { url: `https://${host}/hook`, eventNames: ['a'] } });
    expect(created.statusCode).toBe(200);
    answers[host] = address;
    const ping = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/webhooks/${created.json().data.id}/test` });
    expect(ping.statusCode).toBe(200);
    expect(ping.json().data).toMatchObject({ success: false, status_code: null, error: `Webhook host ${host} resolves to a non-public address (${reason})` });
  });
});

describe('webhooks on a paid-only instance', () => {
  it('refuses organizations without a paid plan', async () => {
    const t = await createTestApp({ env: { WEBHOOKS_PAID_ONLY: 'true' }, resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
    try {
      const owner = await signUp(t.app, 'free@example.com');
      const org = await createOrganization(t.app, owner.cookie, 'free-org');
      const site = await createSite(t.app, owner, org, { domain: 'free.example.com' });
      const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site.siteId}/webhooks`, payload: { url: 'https://hooks.example.com/in', eventNames: ['a'] } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Webhooks need a paid plan' });
    } finally {
      await t.close();
    }
  });
});
