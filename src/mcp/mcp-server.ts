// Builds the MCP server for one request: only the tools the key's scopes allow, each calling its HTTP
// route through the app with the caller's own key, so access checks, roles and limits are the API's.
import type { FastifyInstance } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { principalHasScope, type Principal } from '../platform/http/principal.js';
import type { RouteCall, ToolDefinition, ToolInfo } from './tool-definition.js';
import { MANAGEMENT_TOOLS } from './management-tools.js';
import { REPORT_TOOLS } from './report-tools.js';
import { SITE_TOOLS } from './site-tools.js';
import type { ReadableSites } from './readable-sites.js';
import { answerSiteIdentityTool, siteIdentityToolsFor } from './site-identity-tools.js';
import { toolAnnotations } from './tool-annotations.js';
import { toolFailure, toolSuccess } from './tool-result.js';

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
    return toolFailure(message, response.statusCode);
  }
  return toolSuccess(parsed, response.body);
}

function register(server: McpServer, info: ToolInfo, run: (args: Record<string, unknown>) => Promise<CallToolResult>): void {
  server.registerTool(
    info.name,
    { title: info.title, description: info.description, inputSchema: info.input, annotations: toolAnnotations(info.title, info.effect) },
    async (args: Record<string, unknown>) => run(args),
  );
}

export function buildMcpServer(app: FastifyInstance, principal: Principal, key: string, sites: ReadableSites): McpServer {
  // Declaring tools up front answers tools/list (with no tools) even to a key whose scopes allow none.
  const server = new McpServer({ name: 'loupe', version: '2.8.0-beta' }, { capabilities: { tools: {} } });
  // Each stateless request gets a fresh, fixed tool list and no stream to hear of changes on: say so.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  for (const definition of toolsFor(principal)) {
    register(server, definition, async (args) => callRoute(app, key, definition.route(args as never)));
  }
  for (const tool of siteIdentityToolsFor(principal)) {
    register(server, tool, async (args) => answerSiteIdentityTool(tool, { sites, principal, log: app.log }, args));
  }
  return server;
}
