// What an MCP client learns before calling a tool: the server's capabilities, every tool's behaviour hints,
// and an empty tool list (not an error) for a key whose scopes allow no tool. Raw JSON-RPC over HTTP.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/mcp/mcp-server.js';
import { createOrganization, createOrganizationKey, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly annotations?: Record<string, unknown>;
}

const READ_TOOLS = [
  'list_sites', 'get_site', 'get_overview', 'get_overview_timeseries', 'get_breakdown', 'get_engagement', 'get_live_stats', 'get_event_names',
  'get_events', 'get_errors', 'get_web_vitals', 'get_retention', 'get_journeys', 'get_sessions', 'get_session', 'get_users',
  'get_user', 'get_goals', 'get_revenue', 'get_funnels', 'analyze_funnel', 'list_annotations', 'list_webhooks', 'list_alerts',
];
const DESTRUCTIVE_TOOLS = ['update_site_config', 'delete_site', 'update_goal', 'delete_goal', 'delete_funnel', 'delete_webhook'];
const ADDITIVE_TOOLS = ['create_site', 'create_goal', 'save_funnel', 'create_annotation', 'create_webhook', 'create_alert'];

describe('MCP discovery', () => {
  let t: TestApp;
  let base: string;
  let fullKey: string;
  let ingestKey: string;

  async function rpc(key: string, method: string, params: Record<string, unknown> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function listTools(key: string): Promise<ListedTool[]> {
    const { status, body } = await rpc(key, 'tools/list');
    expect(status).toBe(200);
    return (body.result as { tools: ListedTool[] }).tools;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await signUp(t.app, 'mcp-discovery@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'mcp-discovery-org');
    fullKey = (await createOrganizationKey(t.app, owner, org, { name: 'full' })).key;
    ingestKey = (await createOrganizationKey(t.app, owner, org, { name: 'ingest', permissions: { ingest: ['write'] } })).key;
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not advertise tool list changes: each stateless request sees a fixed list', async () => {
    const { status, body } = await rpc(fullKey, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'loupe-test', version: '1.0.0' },
    });
    expect(status).toBe(200);
    const result = body.result as { capabilities: Record<string, unknown>; serverInfo: unknown };
    expect(result.capabilities).toEqual({ tools: { listChanged: false } });
    expect(result.serverInfo).toEqual({ name: 'loupe', version: '2.8.0-beta' });
  });

  it('gives every tool a title and the hints of what it does to Loupe', async () => {
    const tools = await listTools(fullKey);
    expect(tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS.map((tool) => tool.name).sort());
    expect([...READ_TOOLS, ...DESTRUCTIVE_TOOLS, ...ADDITIVE_TOOLS].sort()).toEqual(tools.map((tool) => tool.name).sort());
    for (const tool of tools) {
      expect(typeof tool.title === 'string' && tool.title.length > 0, tool.name).toBe(true);
      expect(tool.annotations?.title, tool.name).toBe(tool.title);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(READ_TOOLS.includes(tool.name));
      expect(tool.annotations?.destructiveHint, tool.name).toBe(DESTRUCTIVE_TOOLS.includes(tool.name));
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    const byName = (name: string) => tools.find((tool) => tool.name === name)?.annotations;
    expect(byName('get_overview')).toEqual({ title: 'Overview totals', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName('analyze_funnel')).toEqual({ title: 'Analyze a funnel', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName('create_webhook')).toEqual({ title: 'Create a webhook', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    expect(byName('update_goal')).toEqual({ title: 'Update a goal', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    expect(byName('delete_site')).toEqual({ title: 'Delete a site', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
  });

  it('answers tools/list with no tools to a key whose scopes allow none', async () => {
    const { status, body } = await rpc(ingestKey, 'tools/list');
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, result: { tools: [] } });
    const call = await rpc(ingestKey, 'tools/call', { name: 'get_overview', arguments: { siteId: 1 } });
    expect(call.body).toEqual({ jsonrpc: '2.0', id: 7, result: { isError: true, content: [{ type: 'text', text: 'MCP error -32602: Tool get_overview not found' }] } });
  });
});
