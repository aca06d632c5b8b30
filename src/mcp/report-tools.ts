// MCP tools over the reports: overview, breakdowns, live count, events, errors, vitals, retention,
// journeys, sessions and users. Each calls the report's HTTP route with the same parameters.
import { z } from 'zod';
import { commonParams, sitePath, siteId, tool } from './tool-definition.js';

const bucket = z.enum(['minute', 'five_minutes', 'ten_minutes', 'fifteen_minutes', 'hour', 'day', 'week', 'month', 'year']).optional();
const paging = { page: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(1000).optional() };

export const REPORT_TOOLS = [
  tool({
    name: 'get_overview',
    title: 'Overview totals',
    effect: 'read',
    description: 'Totals for a site and period: sessions, pageviews, users, pages_per_session, bounce_rate (percent) and session_duration (seconds). Default period: all time.',
    scope: 'analytics:read',
    input: { siteId, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/overview') }),
  }),
  tool({
    name: 'get_overview_timeseries',
    title: 'Overview time series',
    effect: 'read',
    description: 'The overview figures per time bucket (minute ... year), zero-filled; time is the bucket start in time_zone.',
    scope: 'analytics:read',
    input: { siteId, bucket, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/overview/time-series') }),
  }),
  tool({
    name: 'get_breakdown',
    title: 'Breakdown by dimension',
    effect: 'read',
    description: 'Sessions broken down by one dimension (parameter: pathname, page_title, referrer, channel, country, region, city, browser, operating_system, device_type, language, utm_source, utm_medium, utm_campaign, entry_page, exit_page, event_name, url_param:<name>, ...), with counts and percentages.',
    scope: 'analytics:read',
    input: { siteId, parameter: z.string().min(1), ...paging, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/metric') }),
  }),
  tool({
    name: 'get_engagement',
    title: 'Engagement',
    effect: 'read',
    description:
      'Engaged time and scroll depth for a site and period: time_on_page_seconds (mean engaged seconds per page visit: visible and active), ' +
      'scroll_depth (mean deepest scroll, percent) with scroll_reach (percent of visits past 25/50/75/100 %), and engaged_session_duration ' +
      '(mean engaged seconds per session, one-page visits included). With per_page: true, the same per path, most visited first.',
    scope: 'analytics:read',
    input: { siteId, per_page: z.boolean().optional(), ...paging, ...commonParams },
    route: ({ per_page: perPage, page, limit, ...args }) =>
      perPage ? { method: 'GET', url: sitePath({ ...args, page, limit }, '/engagement/pages') } : { method: 'GET', url: sitePath(args, '/engagement') },
  }),
  tool({
    name: 'get_live_stats',
    title: 'Live visitors',
    effect: 'read',
    description: 'Visitors on the site right now: distinct sessions with events in the last `minutes` (default 5).',
    scope: 'analytics:read',
    input: { siteId, minutes: z.number().int().min(1).max(1440).optional() },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/live-user-count') }),
  }),
  tool({
    name: 'get_event_names',
    title: 'Custom event names',
    effect: 'read',
    description: 'Custom event names tracked on the site with their counts.',
    scope: 'analytics:read',
    input: { siteId, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/events/names') }),
  }),
  tool({
    name: 'get_events',
    title: 'Latest events',
    effect: 'read',
    description:
      'The latest individual events (newest first) with page, session and device context; for the next page pass the returned ' +
      'cursor.oldestTimestamp as before_timestamp; since_timestamp returns only the events after it.',
    scope: 'events:read',
    input: {
      siteId,
      page_size: z.number().int().min(1).max(1000).optional(),
      before_timestamp: z.string().max(40).optional(),
      since_timestamp: z.string().max(40).optional(),
      ...commonParams,
    },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/events') }),
  }),
  tool({
    name: 'get_errors',
    title: 'JavaScript errors',
    effect: 'read',
    description: 'JavaScript errors grouped by message: occurrences, affected sessions and share of all errors.',
    scope: 'analytics:read',
    input: { siteId, ...paging, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/errors/names') }),
  }),
  tool({
    name: 'get_web_vitals',
    title: 'Core Web Vitals',
    effect: 'read',
    description: 'Core Web Vitals percentiles (p50, p75, p90, p99) of LCP, CLS, INP, FCP and TTFB.',
    scope: 'analytics:read',
    input: { siteId, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/performance/overview') }),
  }),
  tool({
    name: 'get_retention',
    title: 'Cohort retention',
    effect: 'read',
    description: 'Cohort retention: users grouped by first visit (mode week, day or calendar month) and the share active in each later period.',
    scope: 'analytics:read',
    input: { siteId, mode: z.enum(['week', 'day', 'month']).optional(), range: z.number().int().min(7).max(365).optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/retention') }),
  }),
  tool({
    name: 'get_journeys',
    title: 'Visitor journeys',
    effect: 'read',
    description: 'The most common page paths visitors take from the start of a session (steps pages long).',
    scope: 'analytics:read',
    input: { siteId, steps: z.number().int().min(2).max(10).optional(), limit: z.number().int().min(1).optional(), ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/journeys') }),
  }),
  tool({
    name: 'get_sessions',
    title: 'Recent sessions',
    effect: 'read',
    description: 'Recent sessions with entry and exit page, duration, pageviews, channel, location and device.',
    scope: 'sessions:read',
    input: { siteId, ...paging, ...commonParams },
    route: (args) => ({ method: 'GET', url: sitePath(args, '/sessions') }),
  }),
  tool({
    name: 'get_session',
    title: 'One session',
    effect: 'read',
    description: 'One session with its events in order; sessionId comes from get_sessions.',
    scope: 'sessions:read',
    input: { siteId, sessionId: z.string().min(1), limit: z.number().int().min(1).optional(), offset: z.number().int().min(0).optional() },
    route: ({ sessionId, ...args }) => ({ method: 'GET', url: sitePath(args, `/sessions/${encodeURIComponent(sessionId)}`) }),
  }),
  tool({
    name: 'get_users',
    title: 'Users',
    effect: 'read',
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
    title: 'One user',
    effect: 'read',
    description: 'One user (identified id or anonymous visitor id from get_users): sessions, duration, first and last touch, traits, linked devices, vitals, places and devices.',
    scope: 'users:read',
    input: { siteId, userId: z.string().min(1) },
    route: ({ userId, ...args }) => ({ method: 'GET', url: sitePath(args, `/users/${encodeURIComponent(userId)}`) }),
  }),
];
