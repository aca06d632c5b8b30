// How an answer becomes an MCP tool result: the JSON as text plus structuredContent, or a tool error
// carrying the API's message and status.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function toolSuccess(body: unknown, text: string = JSON.stringify(body)): CallToolResult {
  const structured = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : { data: body };
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function toolFailure(message: string, statusCode: number): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${message} (HTTP ${statusCode})` }] };
}
