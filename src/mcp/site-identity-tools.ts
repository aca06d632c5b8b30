// list_sites and get_site for keys that read analytics without the sites:read scope. Every report tool
// needs a siteId and says to call list_sites first, yet GET /api/sites and GET /api/sites/{site} require
// sites:read (they return every tracking setting: excluded IPs, user agents, ...). Rather than let such keys
// read settings through those routes, these tools answer them here with the site's identity only, for the
// sites the report routes would let them read, checked by the same access rules.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../platform/http/app-errors.js';
import { principalHasScope, type Principal } from '../platform/http/principal.js';
import type { ReadableSites } from './readable-sites.js';
import { siteId, type ToolInfo } from './tool-definition.js';
import { toolFailure, toolSuccess } from './tool-result.js';

export interface SiteIdentityTool extends ToolInfo {
  readonly answer: (sites: ReadableSites, principal: Principal, args: Record<string, unknown>) => Promise<unknown>;
}

const SITE_IDENTITY_TOOLS: readonly SiteIdentityTool[] = [
  {
    name: 'list_sites',
    title: 'List sites',
    effect: 'read',
    description:
      'List the sites whose analytics the API key can read, with numeric siteId, public id, domain, name and organizationId (their settings need the sites:read scope). Call this first to find the siteId other tools need.',
    scope: 'analytics:read',
    input: {},
    answer: async (sites, principal) => ({ data: await sites.list(principal) }),
  },
  {
    name: 'get_site',
    title: 'Get a site',
    effect: 'read',
    description: "Get one site's siteId, public id, domain, name and organizationId (its settings need the sites:read scope).",
    scope: 'analytics:read',
    input: { siteId },
    answer: async (sites, principal, args) => sites.get(principal, String(args.siteId)),
  },
];

/** The identity tools a key gets instead of the site routes' tools: only when it reads analytics but not sites. */
export function siteIdentityToolsFor(principal: Principal): readonly SiteIdentityTool[] {
  if (principalHasScope(principal, 'sites:read') || !principalHasScope(principal, 'analytics:read')) return [];
  return SITE_IDENTITY_TOOLS;
}

/** Runs one identity tool; refusals carry the API's message and status, and failures hide their details, as the routes do. */
export async function answerSiteIdentityTool(
  tool: SiteIdentityTool,
  context: { readonly sites: ReadableSites; readonly principal: Principal; readonly log: FastifyBaseLogger },
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  try {
    return toolSuccess(await tool.answer(context.sites, context.principal, args));
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return toolFailure(error.message, error.statusCode);
    context.log.error({ err: error, tool: tool.name }, 'MCP tool failed');
    return toolFailure('Internal server error', 500);
  }
}
