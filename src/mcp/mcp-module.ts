// Wires the MCP endpoint: the tools AI assistants call with an API key, over the sites the key may read.
import type { FastifyInstance } from 'fastify';
import type { ApiKeyVerifier } from '../platform/http/api-key-verifier.js';
import { mcpRoutes } from './mcp.routes.js';
import { readableSitesOf, type ReadableSitesDeps } from './readable-sites.js';

export interface McpModuleDeps extends ReadableSitesDeps {
  readonly keys: ApiKeyVerifier;
}

export async function registerMcp(app: FastifyInstance, deps: McpModuleDeps): Promise<void> {
  await mcpRoutes(app, { keys: deps.keys, readableSites: readableSitesOf(deps) });
}
