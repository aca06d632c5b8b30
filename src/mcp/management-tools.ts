// MCP tools that read and change saved definitions: goals, funnels, annotations, webhooks and alert rules.
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
    title: 'Goals and conversions',
    effect: 'read',
    description:
      'Goals of a site with conversions in the period: total_conversions (sessions), total_sessions and conversion_rate (a 0..1 fraction), ' +
      "and revenue (event goals): total and average per conversion in the site's reporting currency, and by_currency; amounts are decimal text.",
    scope: 'goals:read',
    input: { siteId, page: z.number().int().min(1).optional(), page_size: z.number().int().min(1).optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/goals') }),
  }),
  tool({
    name: 'get_revenue',
    title: 'Revenue',
    effect: 'read',
    description:
      "Revenue carried by custom events in the period (filters apply): total and average per paying session in the site's reporting currency " +
      '(other currencies converted with the operator\'s rates; null when a rate is missing), and by_currency. With `parameter` it is broken down ' +
      'by the page it happened on (pathname, hostname, page_title, event_name, country, device_type, browser, operating_system, language, region, tag) ' +
      'or by the session source (channel, referrer, utm_source, utm_medium, utm_campaign, entry_page). Amounts are decimal text.',
    scope: 'goals:read',
    input: { siteId, parameter: z.string().min(1).optional(), page: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(1000).optional(), ...commonParams },
    route: ({ page, limit, ...args }) =>
      args.parameter === undefined
        ? { method: 'GET', url: sitePath(args, '/revenue') }
        : { method: 'GET', url: sitePath({ ...args, page, limit }, '/revenue/breakdown') },
  }),
  tool({
    name: 'create_goal',
    title: 'Create a goal',
    effect: 'create',
    description: 'Create a goal: goalType path (config.pathPattern), event (config.eventName) or an autocapture type (config.valuePattern).',
    scope: 'goals:write',
    input: { siteId, name: z.string().optional(), goalType, config: goalConfig },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/goals`, body }),
  }),
  tool({
    name: 'update_goal',
    title: 'Update a goal',
    effect: 'update',
    description: "Replace a goal's name, type and config; goalId comes from get_goals.",
    scope: 'goals:write',
    input: { siteId, goalId: z.number().int().min(1), name: z.string().optional(), goalType, config: goalConfig },
    route: ({ siteId: id, goalId, ...body }) => ({ method: 'PUT', url: `${site(id)}/goals/${goalId}`, body }),
  }),
  tool({
    name: 'delete_goal',
    title: 'Delete a goal',
    effect: 'delete',
    description: 'Delete a goal.',
    scope: 'goals:write',
    input: { siteId, goalId: z.number().int().min(1) },
    route: ({ siteId: id, goalId }) => ({ method: 'DELETE', url: `${site(id)}/goals/${goalId}` }),
  }),
  tool({
    name: 'get_funnels',
    title: 'Saved funnels',
    effect: 'read',
    description: 'Saved funnels of a site with their steps.',
    scope: 'funnels:read',
    input: { siteId },
    route: ({ siteId: id }) => ({ method: 'GET', url: `${site(id)}/funnels` }),
  }),
  tool({
    name: 'analyze_funnel',
    title: 'Analyze a funnel',
    effect: 'read',
    description:
      'Analyze ordered steps (at least 2): sessions reaching each step in order, conversion_rate and dropoff_rate in percent; an event last step ' +
      'also has revenue (what its events carried in the sessions that completed the funnel).',
    scope: 'funnels:read',
    input: { siteId, steps: z.array(funnelStep).min(2), ...commonParams },
    route: ({ siteId: id, steps, ...query }) => ({ method: 'POST', url: `${site(id)}/funnels/analyze${queryString(query)}`, body: { steps } }),
  }),
  tool({
    name: 'save_funnel',
    title: 'Save a funnel',
    effect: 'create',
    description: 'Save a funnel (name and ordered steps) for later analysis.',
    scope: 'funnels:write',
    input: { siteId, name: z.string().min(1), steps: z.array(funnelStep).min(2) },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/funnels`, body }),
  }),
  tool({
    name: 'delete_funnel',
    title: 'Delete a funnel',
    effect: 'delete',
    description: 'Delete a saved funnel; funnelId comes from get_funnels.',
    scope: 'funnels:write',
    input: { siteId, funnelId: z.number().int().min(1) },
    route: ({ siteId: id, funnelId }) => ({ method: 'DELETE', url: `${site(id)}/funnels/${funnelId}` }),
  }),
  tool({
    name: 'list_annotations',
    title: 'Chart annotations',
    effect: 'read',
    description: 'Notes pinned to dates on the traffic chart, including organization-wide ones, optionally within start_date..end_date.',
    scope: 'annotations:read',
    input: { siteId, start_date: z.string().optional(), end_date: z.string().optional() },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/annotations') }),
  }),
  tool({
    name: 'create_annotation',
    title: 'Create an annotation',
    effect: 'create',
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
    title: 'List webhooks',
    effect: 'read',
    description: "The site's webhooks with status and failure counts (secrets are never shown).",
    scope: 'webhooks:read',
    input: { siteId },
    route: ({ siteId: id }) => ({ method: 'GET', url: `${site(id)}/webhooks` }),
  }),
  tool({
    name: 'create_webhook',
    title: 'Create a webhook',
    effect: 'create',
    description: 'Create a signed webhook to an https URL, triggered by goal ids and/or custom event names; the signing secret is returned only now.',
    scope: 'webhooks:write',
    input: { siteId, url: z.string().min(1), goalIds: z.array(z.number().int()).optional(), eventNames: z.array(z.string()).optional(), description: z.string().optional() },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/webhooks`, body }),
  }),
  tool({
    name: 'delete_webhook',
    title: 'Delete a webhook',
    effect: 'delete',
    description: 'Delete a webhook and its delivery log; webhookId comes from list_webhooks.',
    scope: 'webhooks:write',
    input: { siteId, webhookId: z.string().min(1) },
    route: ({ siteId: id, webhookId }) => ({ method: 'DELETE', url: `${site(id)}/webhooks/${encodeURIComponent(webhookId)}` }),
  }),
  tool({
    name: 'list_alerts',
    title: 'List alert rules',
    effect: 'read',
    description: "The site's alert rules: metric, window, condition, channels, state (ok or firing) and the figures of the last evaluation.",
    scope: 'alerts:read',
    input: { siteId },
    route: ({ siteId: id }) => ({ method: 'GET', url: `${site(id)}/alerts` }),
  }),
  tool({
    name: 'create_alert',
    title: 'Create an alert rule',
    effect: 'create',
    description:
      'Create an alert that emails and/or calls webhooks once when its condition starts to hold and once when it resolves. ' +
      'metric: visitors, pageviews, sessions, goal_conversions (goalId), errors, web_vital (vital, percentile), bot_share; window: hour or day; ' +
      'condition: above / below threshold, or increase_pct / decrease_pct against the same window a week earlier. ' +
      'preset traffic_spike, traffic_drop or error_surge fills metric, window, condition and threshold. At least one of emails or webhookIds.',
    scope: 'alerts:write',
    input: {
      siteId,
      name: z.string().min(1).max(120),
      preset: z.enum(['traffic_spike', 'traffic_drop', 'error_surge']).optional(),
      metric: z.enum(['visitors', 'pageviews', 'sessions', 'goal_conversions', 'errors', 'web_vital', 'bot_share']).optional(),
      goalId: z.number().int().optional(),
      vital: z.enum(['lcp', 'cls', 'inp', 'fcp', 'ttfb']).optional(),
      percentile: z.enum(['p50', 'p75', 'p90', 'p99']).optional(),
      filters: z.array(z.object({ parameter: z.string(), type: z.string(), value: z.array(z.union([z.string(), z.number()])) })).optional(),
      segmentId: z.number().int().optional(),
      window: z.enum(['hour', 'day']).optional(),
      condition: z.enum(['above', 'below', 'increase_pct', 'decrease_pct']).optional(),
      threshold: z.number().optional(),
      emails: z.array(z.string()).optional(),
      webhookIds: z.array(z.string()).optional(),
      webhookFormat: z.enum(['json', 'slack']).optional(),
    },
    route: ({ siteId: id, ...body }) => ({ method: 'POST', url: `${site(id)}/alerts`, body }),
  }),
];
