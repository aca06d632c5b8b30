// MCP tools over the reports: overview, breakdowns, live count, events, errors, vitals, retention,
// journeys, sessions and users. Each calls the report's HTTP route with the same parameters.
import { z } from 'zod';
import { commonParams, sitePath, siteId, tool } from './tool-definition.js';

const bucket = z.enum(['minute', 'five_minutes', 'ten_minutes', 'fifteen_minutes', 'hour', 'day', 'week', 'month', 'year']).optional();
const paging = { page: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(1000).optional() };

export const REPORT_TOOLS = [
  tool({
    name: 'get_overview',
    description: 'Totals for a site and period: sessions, pageviews, users, pages_per_session, bounce_rate (percent) and session_duration (seconds). Default period: all time.',
    scope: 'analytics:read',
    input: { siteId, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/overview') }),
  }),
  tool({
    name: 'get_overview_timeseries',
    description: 'The overview figures per time bucket (minute ... year), zero-filled; time is the bucket start in time_zone.',
    scope: 'analytics:read',
    input: { siteId, bucket, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/overview/time-series') }),
  }),
  tool({
    name: 'get_breakdown',
    description: 'Sessions broken down by one dimension (parameter: pathname, page_title, referrer, channel, country, region, city, browser, operating_system, device_type, language, utm_source, utm_medium, utm_campaign, entry_page, exit_page, event_name, url_param:<name>, ...), with counts and percentages.',
    scope: 'analytics:read',
    input: { siteId, parameter: z.string().min(1), ...paging, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/metric') }),
  }),
  tool({
    name: 'get_live_stats',
    description: 'Visitors on the site right now: distinct sessions with events in the last `minutes` (default 5).',
    scope: 'analytics:read',
    input: { siteId, minutes: z.number().int().min(1).max(1440).optional() },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/live-user-count') }),
  }),
  tool({
    name: 'get_event_names',
    description: 'Custom event names tracked on the site with their counts.',
    scope: 'analytics:read',
    input: { siteId, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/events/names') }),
  }),
  tool({
    name: 'get_events',
    description: 'The latest individual events (newest first) with page, session and device context; pass the returned cursor for the next page.',
    scope: 'events:read',
    input: { siteId, page_size: z.number().int().min(1).max(1000).optional(), cursor: z.string().optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/events') }),
  }),
  tool({
    name: 'get_errors',
    description: 'JavaScript errors grouped by message: occurrences, affected sessions and share of all errors.',
    scope: 'analytics:read',
    input: { siteId, ...paging, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/errors/names') }),
  }),
  tool({
    name: 'get_web_vitals',
    description: 'Core Web Vitals percentiles (p50, p75, p90, p99) of LCP, CLS, INP, FCP and TTFB.',
    scope: 'analytics:read',
    input: { siteId, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/performance/overview') }),
  }),
  tool({
    name: 'get_retention',
    description: 'Cohort retention: users grouped by first visit (mode week or day) and the share active in each later period.',
    scope: 'analytics:read',
    input: { siteId, mode: z.enum(['week', 'day']).optional(), range: z.number().int().min(1).optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/retention') }),
  }),
  tool({
    name: 'get_journeys',
    description: 'The most common page paths visitors take from the start of a session (steps pages long).',
    scope: 'analytics:read',
    input: { siteId, steps: z.number().int().min(2).max(10).optional(), limit: z.number().int().min(1).optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/journeys') }),
  }),
  tool({
    name: 'get_sessions',
    description: 'Recent sessions with entry and exit page, duration, pageviews, channel, location and device.',
    scope: 'sessions:read',
    input: { siteId, ...paging, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/sessions') }),
  }),
  tool({
    name: 'get_session',
    description: 'One session with its events in order; sessionId comes from get_sessions.',
    scope: 'sessions:read',
    input: { siteId, sessionId: z.string().min(1), limit: z.number().int().min(1).optional(), offset: z.number().int().min(0).optional() },
    route: ({ sessionId, ...args }) => ({ method: 'GET', url: sitePath(args, `/sessions/${encodeURIComponent(sessionId)}`) }),
  }),
  tool({
    name: 'get_users',
    description: 'Visitors and identified users with first and last seen, sessions, pageviews and traits.',
    scope: 'users:read',
    input: {
      siteId,
      page: z.number().int().min(1).optional(),
      page_size: z.number().int().min(1).max(1000).optional(),
      sort_by: z.enum(['last_seen', 'first_seen', 'pageviews', 'sessions', 'events']).optional(),
      sort_order: z.enum(['asc', 'desc']).optional(),
      ...commonParams,
    },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/users') }),
  }),
  tool({
    name: 'get_user',
    description: 'One user (identified id or anonymous visitor id from get_users) with traits and recent sessions.',
    scope: 'users:read',
    input: { siteId, userId: z.string().min(1) },
    route: ({ userId, ...args }) => ({ method: 'GET', url: sitePath(args, `/users/${encodeURIComponent(userId)}`) }),
  }),
];
