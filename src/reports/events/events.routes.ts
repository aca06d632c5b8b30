// GET /events (newest first, cursor-paged), /events/names, /events/properties?event_name= and /events/outbound.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { eventNames, eventProperties, outboundLinks } from './event-breakdowns.query.js';
import { listEvents } from './events.query.js';

const limit = integerParam(1, 1000, 100).describe('rows to return, 1..1000 (default 100)');

export async function eventsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/events',
    tag: 'Events',
    scope: 'events:read',
    summary:
      'Events matching the filters (web-vitals samples excluded), newest first; pass the returned cursor back for the next page (null on the last)',
    params: {
      page_size: integerParam(1, 1000, 100).describe('events per page, 1..1000 (default 100)'),
      cursor: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(200).optional()).describe('the cursor of the previous page'),
    },
    run: async ({ store, query, params }) => listEvents(store, query, params.page_size, params.cursor),
  });
  registerReport(app, deps, {
    path: '/events/names',
    tag: 'Events',
    scope: 'events:read',
    summary: 'Custom event names with their occurrences, most frequent first',
    params: { limit },
    run: async ({ store, query, params }) => ({ data: await eventNames(store, query, params.limit) }),
  });
  registerReport(app, deps, {
    path: '/events/properties',
    tag: 'Events',
    scope: 'events:read',
    summary: "One custom event's property key/value pairs with occurrences (non-string values as JSON text), most frequent first",
    params: { event_name: z.string().min(1).max(256).describe('the custom event name'), limit },
    run: async ({ store, query, params }) => ({ data: await eventProperties(store, query, params.event_name, params.limit) }),
  });
  registerReport(app, deps, {
    path: '/events/outbound',
    tag: 'Events',
    scope: 'events:read',
    summary: 'Outbound link clicks per URL with the last click time (ISO 8601 UTC), most clicked first',
    params: { limit },
    run: async ({ store, query, params }) => ({ data: await outboundLinks(store, query, params.limit) }),
  });
}
