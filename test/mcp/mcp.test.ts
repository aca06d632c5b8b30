// The MCP endpoint through the SDK's own client over Streamable HTTP, against the real listening server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/mcp/mcp-server.js';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('MCP endpoint', () => {
  let t: TestApp;
  let base: string;
  let fullKey: string;
  let readKey: string;
  let site: { siteId: number; id: string };
  let strangerSite: { siteId: number };
  const clients: Client[] = [];

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp({ resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await signUp(t.app, 'mcp@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'mcp-org');
    site = await createSite(t.app, owner, org, { domain: 'mcp.example.com' });
    fullKey = (await createOrganizationKey(t.app, owner, org, { name: 'full' })).key;
    readKey = (await createOrganizationKey(t.app, owner, org, { name: 'read', permissions: { analytics: ['read'] } })).key;
    const stranger = await signUp(t.app, 'mcp-stranger@example.com');
    const strangerOrg = await createOrganization(t.app, stranger.cookie, 'mcp-stranger-org');
    strangerSite = await createSite(t.app, stranger, strangerOrg, { domain: 'other.example.com' });
    await seedEvents(t, site.siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'u1', pathname: '/', channel: 'Organic Search' },
      { at: '2026-03-10T10:02:00Z', session_id: 1, user_id: 'u1', pathname: '/pricing', channel: 'Organic Search' },
      { at: '2026-03-10T11:00:00Z', session_id: 2, user_id: 'u2', pathname: '/', channel: 'Direct' },
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  it('lists every tool for a full-access key and only the analytics and site-id tools for an analytics:read key', async () => {
    const full = await (await connect(fullKey)).listTools();
    expect(full.tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS.map((tool) => tool.name).sort());
    expect(full.tools).toHaveLength(36);
    const overview = full.tools.find((tool) => tool.name === 'get_overview');
    expect(overview?.description).toContain('bounce_rate');
    expect(Object.keys((overview?.inputSchema as { properties: object }).properties)).toContain('siteId');
    const reduced = await (await connect(readKey)).listTools();
    const names = reduced.tools.map((tool) => tool.name);
    expect(names).toContain('get_overview');
    expect(names).toContain('get_breakdown');
    expect(names).toContain('list_sites');
    expect(names).toContain('get_site');
    expect(names).not.toContain('create_site');
    expect(names).not.toContain('create_webhook');
    const reports = names.filter((name) => name !== 'list_sites' && name !== 'get_site');
    expect(reports.every((name) => ALL_TOOLS.find((tool) => tool.name === name)?.scope === 'analytics:read')).toBe(true);
  });

  it('offers the interaction toggles in create_site and update_site_config and applies them', async () => {
    const client = await connect(fullKey);
    const { tools } = await client.listTools();
    for (const name of ['create_site', 'update_site_config']) {
      const properties = (tools.find((tool) => tool.name === name)?.inputSchema as { properties: Record<string, { type?: string }> }).properties;
      for (const toggle of ['trackButtonClicks', 'trackCopy', 'trackFormSubmit', 'trackInputChange']) expect(properties[toggle]?.type, `${name} ${toggle}`).toBe('boolean');
    }
    const updated = await client.callTool({ name: 'update_site_config', arguments: { siteId: site.siteId, trackFormSubmit: true } });
    expect(updated.structuredContent).toMatchObject({ siteId: site.siteId, trackFormSubmit: true, trackCopy: false });
    const config = await call(t.app, undefined, { method: 'GET', url: `/api/site/tracking-config/${site.id}`, headers: { origin: 'https://mcp.example.com' } });
    expect(config.json()).toMatchObject({ trackFormSubmit: true, trackButtonClicks: false });
    await client.callTool({ name: 'update_site_config', arguments: { siteId: site.siteId, trackFormSubmit: false } });
  });

  it('answers list_sites, get_overview and get_breakdown with the HTTP routes\' JSON', async () => {
    const client = await connect(fullKey);
    const sites = await client.callTool({ name: 'list_sites', arguments: {} });
    const sitesHttp = (await call(t.app, { key: fullKey }, { method: 'GET', url: '/api/sites' })).json();
    expect(sites.structuredContent).toEqual(sitesHttp);
    expect(sitesHttp.data.map((s: { siteId: number }) => s.siteId)).toEqual([site.siteId]);

    const args = { siteId: site.siteId, start_date: '2026-03-01', end_date: '2026-03-31' };
    const overview = await client.callTool({ name: 'get_overview', arguments: args });
    const overviewHttp = (await call(t.app, { key: fullKey }, { method: 'GET', url: `/api/sites/${site.siteId}/overview?start_date=2026-03-01&end_date=2026-03-31` })).json();
    expect(overview.structuredContent).toEqual(overviewHttp);
    expect(overviewHttp.data).toMatchObject({ sessions: 2, pageviews: 3, users: 2 });
    expect(JSON.parse((overview.content as Array<{ text: string }>)[0]!.text)).toEqual(overviewHttp);

    const filters = [{ parameter: 'channel', type: 'equals', value: ['Organic Search'] }];
    const breakdown = await client.callTool({ name: 'get_breakdown', arguments: { ...args, parameter: 'pathname', filters } });
    const breakdownHttp = (await call(t.app, { key: fullKey }, {
      method: 'GET',
      url: `/api/sites/${site.siteId}/metric?parameter=pathname&start_date=2026-03-01&end_date=2026-03-31&filters=${encodeURIComponent(JSON.stringify(filters))}`,
    })).json();
    expect(breakdownHttp.data.data.length).toBeGreaterThan(0);
    expect(breakdown.structuredContent).toEqual(breakdownHttp);
  });

  it('creates and deletes a webhook through the tools, visible through the HTTP API', async () => {
    const client = await connect(fullKey);
    const created = await client.callTool({ name: 'create_webhook', arguments: { siteId: site.siteId, url: 'https://hooks.example.com/in', eventNames: ['signup'] } });
    expect(created.isError).toBeFalsy();
    const webhook = (created.structuredContent as { data: { id: string; secret: string } }).data;
    expect(webhook.secret).toMatch(/^whsec_/);
    const listed = (await call(t.app, { key: fullKey }, { method: 'GET', url: `/api/sites/${site.siteId}/webhooks` })).json().data;
    expect(listed.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    const viaTool = await client.callTool({ name: 'list_webhooks', arguments: { siteId: site.siteId } });
    expect((viaTool.structuredContent as { data: unknown[] }).data).toHaveLength(1);
    const deleted = await client.callTool({ name: 'delete_webhook', arguments: { siteId: site.siteId, webhookId: webhook.id } });
    expect(deleted.structuredContent).toEqual({ success: true });
    expect((await call(t.app, { key: fullKey }, { method: 'GET', url: `/api/sites/${site.siteId}/webhooks` })).json().data).toEqual([]);
  });

  it('creates an alert rule from a preset and lists it through the tools, as the HTTP API answers', async () => {
    const client = await connect(fullKey);
    const created = await client.callTool({ name: 'create_alert', arguments: { siteId: site.siteId, name: 'Spike', preset: 'traffic_spike', emails: ['ops@example.com'] } });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const alert = (created.structuredContent as { data: { id: string } }).data;
    expect(alert).toMatchObject({ name: 'Spike', metric: 'visitors', window: 'hour', condition: 'increase_pct', threshold: 100, emails: ['ops@example.com'], state: 'ok' });
    const listed = await client.callTool({ name: 'list_alerts', arguments: { siteId: site.siteId } });
    expect(listed.structuredContent).toEqual((await call(t.app, { key: fullKey }, { method: 'GET', url: `/api/sites/${site.siteId}/alerts` })).json());
    expect((listed.structuredContent as { data: Array<{ id: string }> }).data.map((rule) => rule.id)).toEqual([alert.id]);
    const refused = await client.callTool({ name: 'create_alert', arguments: { siteId: site.siteId, name: 'No channel', preset: 'traffic_drop' } });
    expect(refused.isError).toBe(true);
    expect((refused.content as Array<{ text: string }>)[0]!.text).toBe('Choose at least one channel: emails or webhookIds (HTTP 400)');
    expect((await call(t.app, { key: fullKey }, { method: 'DELETE', url: `/api/sites/${site.siteId}/alerts/${alert.id}` })).statusCode).toBe(200);
  });

  it("returns a tool error with the API's message for another organization's site", async () => {
    const client = await connect(fullKey);
    const result = await client.callTool({ name: 'get_overview', arguments: { siteId: strangerSite.siteId } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toBe('No access to this site (HTTP 403)');
  });

  it('answers 401 with WWW-Authenticate without a key, and 405 to GET and DELETE', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const noKey = await fetch(`${base}/api/mcp`, { method: 'POST', headers, body });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('www-authenticate')).toBe('Bearer realm="loupe-mcp"');
    const badKey = await fetch(`${base}/api/mcp`, { method: 'POST', headers: { ...headers, authorization: 'Bearer lpo_nope' }, body });
    expect(badKey.status).toBe(401);
    const queryKey = await fetch(`${base}/api/mcp?api_key=${fullKey}`, { method: 'POST', headers, body });
    expect(queryKey.status).toBe(401);
    expect((await fetch(`${base}/api/mcp`, { headers: { authorization: `Bearer ${fullKey}` } })).status).toBe(405);
    expect((await fetch(`${base}/api/mcp`, { method: 'DELETE', headers: { authorization: `Bearer ${fullKey}` } })).status).toBe(405);
  });
});
