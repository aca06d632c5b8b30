// MCP tools for sites: list, read, create, configure, delete.
import { z } from 'zod';
import { siteId, tool } from './tool-definition.js';


const settings = {
  name: z.string().optional(),
  domain: z.string().optional(),
  public: z.boolean().optional().describe('reports readable without credentials'),
  saltUserIds: z.boolean().optional(),
  blockBots: z.boolean().optional(),
  excludedIPs: z.array(z.string()).optional(),
  excludedCountries: z.array(z.string()).optional(),
  excludedPaths: z.array(z.string()).optional(),
  excludedHostnames: z.array(z.string()).optional(),
  excludedUserAgents: z.array(z.string()).optional(),
  webVitals: z.boolean().optional(),
  trackErrors: z.boolean().optional(),
  trackOutbound: z.boolean().optional(),
  trackUrlParams: z.boolean().optional(),
  trackInitialPageView: z.boolean().optional(),
  trackSpaNavigation: z.boolean().optional(),
  trackButtonClicks: z.boolean().optional().describe('the tracking script reports clicks on buttons'),
  trackCopy: z.boolean().optional().describe('the tracking script reports text copied from the page'),
  trackFormSubmit: z.boolean().optional().describe('the tracking script reports form submissions'),
  trackInputChange: z.boolean().optional().describe('the tracking script reports changed form fields (never their values)'),
  retentionDays: z.number().int().min(1).max(36_600).nullable().optional().describe('days of analytics data kept (older data is deleted hourly); null keeps everything'),
};

export const SITE_TOOLS = [
  tool({
    name: 'list_sites',
    title: 'List sites',
    effect: 'read',
    description: 'List every site the API key can see, with its numeric siteId, public id, domain and organization. Call this first to find the siteId other tools need.',
    scope: 'sites:read',
    input: {},
    route: () => ({ method: 'GET', url: '/api/sites' }),
  }),
  tool({
    name: 'get_site',
    title: 'Get a site',
    effect: 'read',
    description: "Get one site's domain, name and tracking settings.",
    scope: 'sites:read',
    input: { siteId },
    route: (args) => ({ method: 'GET', url: `/api/sites/${encodeURIComponent(String(args.siteId))}` }),
  }),
  tool({
    name: 'create_site',
    title: 'Create a site',
    effect: 'create',
    description: 'Create a site (a tracked domain) in an organization; returns the site with its siteId and public id. organizationId comes from list_sites.',
    scope: 'sites:write',
    input: { organizationId: z.string().min(1), ...settings, domain: z.string().min(1) },
    route: ({ organizationId, ...body }) => ({ method: 'POST', url: `/api/organizations/${encodeURIComponent(organizationId)}/sites`, body }),
  }),
  tool({
    name: 'update_site_config',
    title: 'Update site settings',
    effect: 'update',
    description: "Change a site's name, domain or tracking settings (exclusions, bot blocking, web vitals, error tracking, public visibility, data retention).",
    scope: 'sites:write',
    input: { siteId, ...settings },
    route: ({ siteId: site, ...body }) => ({ method: 'PUT', url: `/api/sites/${encodeURIComponent(String(site))}/config`, body }),
  }),
  tool({
    name: 'delete_site',
    title: 'Delete a site',
    effect: 'delete',
    description: 'Delete a site and all its analytics data. Irreversible.',
    scope: 'sites:write',
    input: { siteId },
    route: (args) => ({ method: 'DELETE', url: `/api/sites/${encodeURIComponent(String(args.siteId))}` }),
  }),
];
