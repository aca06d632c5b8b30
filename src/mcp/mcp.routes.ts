// POST /api/mcp: stateless Streamable HTTP MCP endpoint; bearer API keys only, checked before any message.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../platform/http/app-errors.js';
import type { ApiKeyVerifier } from '../platform/http/api-key-verifier.js';
import { bearerToken } from '../platform/http/resolve-credentials.js';
import type { ReadableSites } from './readable-sites.js';

const CHALLENGE = 'Bearer realm="loupe-mcp"';

/**
 * The MCP SDK and the tools are loaded on the first call, not at start: most instances never receive one,
 * and they cost ~10 MB of a server's resident memory (decision 0034).
 */
let mcpModules: Promise<[typeof import('./mcp-server.js'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')]> | undefined;
function loadMcpModules(): NonNullable<typeof mcpModules> {
  mcpModules ??= Promise.all([import('./mcp-server.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]);
  return mcpModules;
}

function refuse(reply: FastifyReply, message: string): FastifyReply {
  return reply.status(401).header('WWW-Authenticate', CHALLENGE).send({ error: message });
}

export async function mcpRoutes(app: FastifyInstance, deps: { keys: ApiKeyVerifier; readableSites: ReadableSites }): Promise<void> {
  app.route({
    method: 'POST',
    url: '/api/mcp',
    schema: { tags: ['General'], summary: 'Model Context Protocol endpoint (stateless Streamable HTTP) exposing the analytics and webhook tools', security: [{ BearerAuth: [] }] },
    onRequest: async (request, reply) => {
      const key = bearerToken(request);
      if (!key) return refuse(reply, 'A bearer API key is required');
      try {
        request.principal = await deps.keys.verify(key);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) return refuse(reply, error.message);
        throw error;
      }
      return undefined;
    },
    handler: async (request, reply) => {
      const key = bearerToken(request);
      if (!key || !request.principal) return refuse(reply, 'A bearer API key is required');
      const [{ buildMcpServer }, { StreamableHTTPServerTransport }] = await loadMcpModules();
      const server = buildMcpServer(app, request.principal, key, deps.readableSites);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
      return reply;
    },
  });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.status(405).header('Allow', 'POST').send({ error: 'Method not allowed: this MCP endpoint is stateless and accepts POST only' }),
    });
  }
}
