// A key that reads analytics finds the site ids its report tools need: list_sites and get_site answer it
// with the identity of exactly the sites it can read, and nothing of their settings.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential, inviteAndAccept } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type SiteRecord = { siteId: number; id: string; domain: string; organizationId: string };
const identity = (site: SiteRecord) => ({ siteId: site.siteId, id: site.id, domain: site.domain, name: site.domain, organizationId: site.organizationId });
const text = (result: Record<string, unknown>) => (result.content as Array<{ text: string }>)[0]!.text;

describe('MCP site ids for analytics keys', () => {
  let t: TestApp;
  let base: string;
  let orgReadKey: string;
  let memberReadKey: string;
  let sitesReadKey: string;
  let shop: SiteRecord;
  let blog: SiteRecord;
  let strangerSite: SiteRecord;
  const clients: Client[] = [];

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    clients.push(client);
    return client;
  }

  /** A member of the organization whose team is assigned only `site`, with an analytics:read user key. */
  async function teamMemberKey(owner: Credential, organizationId: string, site: SiteRecord): Promise<string> {
    const member = await signUp(t.app, 'mcp-team-member@example.com');
    await inviteAndAccept(t.app, owner, member, organizationId, 'mcp-team-member@example.com', 'member');
    const team = await call(t.app, owner, {
      method: 'POST', url: `/api/organizations/${organizationId}/teams`, payload: { name: 'shop-team', memberUserIds: [member.userId], siteIds: [site.siteId] },
    });
    expect(team.statusCode).toBe(200);
    const key = await call(t.app, member, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'member-read', permissions: { analytics: ['read'] } } });
    expect(key.statusCode).toBe(200);
    return key.json().key;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await signUp(t.app, 'mcp-site-ids@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'mcp-site-ids-org');
    shop = await createSite(t.app, owner, org, { domain: 'shop.example.com', excludedIPs: ['203.0.113.7'] });
    blog = await createSite(t.app, owner, org, { domain: 'blog.example.com' });
    orgReadKey = (await createOrganizationKey(t.app, owner, org, { name: 'read', permissions: { analytics: ['read'] } })).key;
    sitesReadKey = (await createOrganizationKey(t.app, owner, org, { name: 'sites', permissions: { sites: ['read'], analytics: ['read'] } })).key;
    memberReadKey = await teamMemberKey(owner, org, shop);
    const stranger = await signUp(t.app, 'mcp-site-ids-stranger@example.com');
    const strangerOrg = await createOrganization(t.app, stranger.cookie, 'mcp-site-ids-stranger');
    strangerSite = await createSite(t.app, stranger, strangerOrg, { domain: 'elsewhere.example.com' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  it("lists an organization analytics key's sites by identity and gets each of them", async () => {
    const client = await connect(orgReadKey);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_sites');
    expect(names).toContain('get_site');
    expect(names).not.toContain('create_site');
    const listed = await client.callTool({ name: 'list_sites', arguments: {} });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toEqual({ data: [identity(shop), identity(blog)] });
    expect(JSON.parse(text(listed))).toEqual({ data: [identity(shop), identity(blog)] });
    for (const site of [shop, blog]) {
      expect((await client.callTool({ name: 'get_site', arguments: { siteId: site.siteId } })).structuredContent).toEqual(identity(site));
    }
    expect((await client.callTool({ name: 'get_site', arguments: { siteId: shop.id } })).structuredContent).toEqual(identity(shop));
  });

  it("refuses another organization's site and an unknown one", async () => {
    const client = await connect(orgReadKey);
    const stranger = await client.callTool({ name: 'get_site', arguments: { siteId: strangerSite.siteId } });
    expect(stranger.isError).toBe(true);
    expect(text(stranger)).toBe('No access to this site (HTTP 403)');
    const unknown = await client.callTool({ name: 'get_site', arguments: { siteId: 999999 } });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toBe('Site not found (HTTP 404)');
  });

  it("gives a team-restricted member's key only its team's site", async () => {
    const client = await connect(memberReadKey);
    expect((await client.callTool({ name: 'list_sites', arguments: {} })).structuredContent).toEqual({ data: [identity(shop)] });
    expect((await client.callTool({ name: 'get_site', arguments: { siteId: shop.siteId } })).structuredContent).toEqual(identity(shop));
    const hidden = await client.callTool({ name: 'get_site', arguments: { siteId: blog.siteId } });
    expect(hidden.isError).toBe(true);
    expect(text(hidden)).toBe('No access to this site (HTTP 403)');
  });

  it('keeps the HTTP site routes and their settings behind sites:read', async () => {
    for (const url of ['/api/sites', `/api/sites/${shop.siteId}`, `/api/organizations/${shop.organizationId}/sites`]) {
      const refused = await call(t.app, { key: orgReadKey }, { method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ error: 'API key lacks the sites:read scope', required: 'sites:read' });
    }
    const client = await connect(sitesReadKey);
    const full = await client.callTool({ name: 'get_site', arguments: { siteId: shop.siteId } });
    expect(full.structuredContent).toEqual((await call(t.app, { key: sitesReadKey }, { method: 'GET', url: `/api/sites/${shop.siteId}` })).json());
    expect(full.structuredContent).toMatchObject({ excludedIPs: ['203.0.113.7'] });
  });
});
