// Builds the MCP server for one request: only the tools the key's scopes allow, each calling its HTTP
// route through the app with the caller's own key, so access checks, roles and limits are the API's.
import type { FastifyInstance } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { principalHasScope, type Principal } from '../platform/http/principal.js';
import type { RouteCall, ToolDefinition } from './tool-definition.js';
import { MANAGEMENT_TOOLS } from './management-tools.js';
import { REPORT_TOOLS } from './report-tools.js';
import { SITE_TOOLS } from './site-tools.js';

export const ALL_TOOLS: readonly ToolDefinition[] = [...SITE_TOOLS, ...REPORT_TOOLS, ...MANAGEMENT_TOOLS];

export function toolsFor(principal: Principal): ToolDefinition[] {
  return ALL_TOOLS.filter((definition) => principalHasScope(principal, definition.scope));
}

async function callRoute(app: FastifyInstance, key: string, call: RouteCall): Promise<CallToolResult> {
  const response = await app.inject({
    method: call.method,
    url: call.url,
    headers: { authorization: `Bearer ${key}`, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body) as unknown;
  } catch {
    parsed = { error: response.body };
  }
  if (response.statusCode >= 400) {
    const message = typeof parsed === 'object' && parsed !== null && 'error' in parsed ? String((parsed as { error: unknown }).error) : `HTTP ${response.statusCode}`;
    return { isError: true, content: [{ type: 'text', text: `${message} (HTTP ${response.statusCode})` }] };
  }
  const structured = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { data: parsed };
  return { content: [{ type: 'text', text: response.body }], structuredContent: structured };
}

export function buildMcpServer(app: FastifyInstance, principal: Principal, key: string): McpServer {
  const server = new McpServer({ name: 'loupe', version: '2.8.0-beta' });
  for (const definition of toolsFor(principal)) {
    server.registerTool(
      definition.name,
      { description: definition.description, inputSchema: definition.input },
      async (args: Record<string, unknown>) => callRoute(app, key, definition.route(args as never)),
    );
  }
  return server;
}
