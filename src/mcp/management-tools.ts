// MCP tools that read and change saved definitions: goals, funnels, annotations and webhooks.
import { z } from 'zod';
import { commonParams, queryString, sitePath, siteId, tool } from './tool-definition.js';

const goalConfig = z.object({
  pathPattern: z.string().optional().describe('path goals: * = one segment, ** = anything'),
  eventName: z.string().optional().describe('event goals: the custom event name'),
  valuePattern: z.string().optional().describe('autocapture goals: * = any text'),
  propertyFilters: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});
const goalType = z.enum(['path', 'event', 'outbound', 'button_click', 'form_submit', 'copy']);
const funnelStep = z.object({
  type: z.enum(['page', 'event']),
  value: z.string().describe('a page path pattern or an event name'),
  name: z.string().optional(),
  hostname: z.string().optional(),
  propertyFilters: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});
const site = (value: string | number) => `/api/sites/${encodeURIComponent(String(value))}`;

export const MANAGEMENT_TOOLS = [
  tool({
    name: 'get_goals',
    description: 'Goals of a site with conversions in the period: total_conversions (sessions), total_sessions and conversion_rate (a 0..1 fraction).',
    scope: 'goals:read',
    input: { siteId, page: z.number().int().min(1).optional(), page_size: z.number().int().min(1).optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/goals') }),
  }),
  tool({
    name: 'create_goal',
    description: 'Create a goal: goalType path (config.pathPattern), event (config.eventName) or an autocapture type (config.valuePattern).',
    scope: 'goals:write',
    input: { siteId, name: z.string().optional(), goalType, config: goalConfig },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/goals`, body }),
  }),
  tool({
    name: 'update_goal',
    description: "Replace a goal's name, type and config; goalId comes from get_goals.",
    scope: 'goals:write',
    input: { siteId, goalId: z.number().int().min(1), name: z.string().optional(), goalType, config: goalConfig },
    route: ({ siteId: id, goalId, ...body }) => ({ method: 'PUT', url: `${site(id)}/goals/${goalId}`, body }),
  }),
  tool({
    name: 'delete_goal',
    description: 'Delete a goal.',
    scope: 'goals:write',
    input: { siteId, goalId: z.number().int().min(1) },
    route: ({ siteId: id, goalId }) => ({ method: 'DELETE', url: `${site(id)}/goals/${goalId}` }),
  }),
  tool({
    name: 'get_funnels',
    description: 'Saved funnels of a site with their steps.',
    scope: 'funnels:read',
    input: { siteId },
    route: ({ siteId: id }) => ({ method: 'GET', url: `${site(id)}/funnels` }),
  }),
  tool({
    name: 'analyze_funnel',
    description: 'Analyze ordered steps (at least 2): sessions reaching each step in order, conversion_rate and dropoff_rate in percent.',
    scope: 'funnels:read',
    input: { siteId, steps: z.array(funnelStep).min(2), ...commonParams },
    route: ({ siteId: id, steps, ...query }) => ({ method: 'POST', url: `${site(id)}/funnels/analyze${queryString(query)}`, body: { steps } }),
  }),
  tool({
    name: 'save_funnel',
    description: 'Save a funnel (name and ordered steps) for later analysis.',
    scope: 'funnels:write',
    input: { siteId, name: z.string().min(1), steps: z.array(funnelStep).min(2) },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/funnels`, body }),
  }),
  tool({
    name: 'delete_funnel',
    description: 'Delete a saved funnel; funnelId comes from get_funnels.',
    scope: 'funnels:write',
    input: { siteId, funnelId: z.number().int().min(1) },
    route: ({ siteId: id, funnelId }) => ({ method: 'DELETE', url: `${site(id)}/funnels/${funnelId}` }),
  }),
  tool({
    name: 'list_annotations',
    description: 'Notes pinned to dates on the traffic chart, including organization-wide ones, optionally within start_date..end_date.',
    scope: 'annotations:read',
    input: { siteId, start_date: z.string().optional(), end_date: z.string().optional() },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/annotations') }),
  }),
  tool({
    name: 'create_annotation',
    description: 'Pin a note to a date (or date range) on the traffic chart.',
    scope: 'annotations:write',
    input: {
      siteId,
      title: z.string().min(1).max(120),
      date: z.string().describe('YYYY-MM-DD or ISO 8601'),
      endDate: z.string().optional(),
      description: z.string().optional(),
      color: z.enum(['amber', 'rose', 'sky', 'violet', 'lime']).optional(),
      scope: z.enum(['site', 'organization']).optional(),
    },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/annotations`, body }),
  }),
  tool({
    name: 'list_webhooks',
    description: "The site's webhooks with status and failure counts (secrets are never shown).",
    scope: 'webhooks:read',
    input: { siteId },
    route: ({ siteId: id }) => ({ method: 'GET', url: `${site(id)}/webhooks` }),
  }),
  tool({
    name: 'create_webhook',
    description: 'Create a signed webhook to an https URL, triggered by goal ids and/or custom event names; the signing secret is returned only now.',
    scope: 'webhooks:write',
    input: { siteId, url: z.string().min(1), goalIds: z.array(z.number().int()).optional(), eventNames: z.array(z.string()).optional(), description: z.string().optional() },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/webhooks`, body }),
  }),
  tool({
    name: 'delete_webhook',
    description: 'Delete a webhook and its delivery log; webhookId comes from list_webhooks.',
    scope: 'webhooks:write',
    input: { siteId, webhookId: z.string().min(1) },
    route: ({ siteId: id, webhookId }) => ({ method: 'DELETE', url: `${site(id)}/webhooks/${encodeURIComponent(webhookId)}` }),
  }),
];
