// GET /events (newest first, paged by before_timestamp or polled by since_timestamp), /events/time-series, /events/count,
// /events/names, /events/properties?event_name=, /events/outbound and /events/autocapture[-values]?type=.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { eventNames, eventProperties, outboundLinks } from './event-breakdowns.query.js';
import { eventsBefore, eventsSince, LIVE_FEED_LIMIT } from './events.query.js';
import { eventTimeSeries } from './event-time-series.query.js';
import { eventTypeCounts } from './event-type-counts.query.js';
import { AUTOCAPTURE_EVENTS_LIMIT, AUTOCAPTURE_TYPES, AUTOCAPTURE_VALUES_LIMIT, autocaptureEvents, autocaptureValues } from './autocapture.query.js';
import { timestampParam } from '../timestamp-param.js';
import { EventPropertiesResponseSchema, EventsResponseSchema, OutboundLinksResponseSchema } from './events.schema.js';

const limit = integerParam(1, 1000, 100).describe('rows to return, 1..1000 (default 100)');
const autocaptureType = z.enum(AUTOCAPTURE_TYPES).describe('the autocaptured event type: outbound, button_click, form_submit or copy');

export async function eventsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/events',
    tag: 'Events',
    scope: 'events:read',
    summary:
      'Events matching the filters (web-vitals samples excluded), newest first. With since_timestamp: every event strictly after it ' +
      `(at most ${LIVE_FEED_LIMIT}, the newest) as {data}, for a live feed. Otherwise: page_size events strictly before ` +
      'before_timestamp (or the newest) as {data, cursor: {hasMore, oldestTimestamp}}; pass oldestTimestamp back as before_timestamp ' +
      'for the next page (a page never splits a millisecond: events sharing the oldest instant all come with it)',
    params: {
      page_size: integerParam(1, 1000, 50).describe('events per page, 1..1000 (default 50)'),
      before_timestamp: timestampParam().describe('only events strictly before this instant (the previous page\'s cursor.oldestTimestamp)'),
      since_timestamp: timestampParam().describe(`only events strictly after this instant, at most ${LIVE_FEED_LIMIT} (a live feed); page_size and before_timestamp are then ignored`),
    },
    response: EventsResponseSchema,
    run: async ({ store, query, params }) =>
      params.since_timestamp === undefined
        ? eventsBefore(store, query, params.page_size, params.before_timestamp)
        : eventsSince(store, query, params.since_timestamp),
  });
  registerReport(app, deps, {
    path: '/events/time-series',
    tag: 'Events',
    scope: 'events:read',
    summary:
      'The most frequent custom events (limit, default 5) counted per bucket (default hour) as {data: [{time, event_name, event_count}]}; ' +
      'zero-filled, ordered by time then by rank; time is the bucket start, YYYY-MM-DD HH:MM:SS in time_zone',
    params: { limit: integerParam(1, 10, 5).describe('how many of the most frequent custom events, 1..10 (default 5)') },
    run: async ({ store, query, params }) => ({ data: await eventTimeSeries(store, query, params.limit) }),
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
    response: EventPropertiesResponseSchema,
    run: async ({ store, query, params }) => ({ data: await eventProperties(store, query, params.event_name, params.limit) }),
  });
  registerReport(app, deps, {
    path: '/events/outbound',
    tag: 'Events',
    scope: 'events:read',
    summary: 'Outbound link clicks per URL with the last click time, most clicked first',
    params: { limit },
    response: OutboundLinksResponseSchema,
    run: async ({ store, query, params }) => ({ data: await outboundLinks(store, query, params.limit) }),
  });
  registerReport(app, deps, {
    path: '/events/count',
    tag: 'Events',
    scope: 'events:read',
    summary:
      'Events of every type counted per bucket (default day) as {data: [{time, pageview_count, custom_event_count, performance_count, ' +
      'outbound_count, error_count, button_click_count, copy_count, form_submit_count, input_change_count, ad_click_count, event_count}]}; ' +
      'zero-filled, ordered by time; time is the bucket start, YYYY-MM-DD HH:MM:SS in time_zone; ad_click_count is always 0 (Loupe records no ad clicks)',
    run: async ({ store, query }) => ({ data: await eventTypeCounts(store, query) }),
  });
  registerReport(app, deps, {
    path: '/events/autocapture',
    tag: 'Events',
    scope: 'events:read',
    summary:
      'Autocaptured events of one type grouped by value (outbound: url; button_click and copy: text; form_submit: formName, else formId, ' +
      `else formAction) as {data: [{value, count, lastOccurred}]}, most frequent first, at most ${AUTOCAPTURE_EVENTS_LIMIT}; events without a value are left out`,
    params: { type: autocaptureType },
    run: async ({ store, query, params }) => ({ data: await autocaptureEvents(store, query, params.type) }),
  });
  registerReport(app, deps, {
    path: '/events/autocapture-values',
    tag: 'Events',
    scope: 'events:read',
    summary:
      'Suggestions for the value pattern of an autocapture goal or funnel step: the non-empty values of every property that pattern is matched ' +
      `against (outbound: url; button_click: text; form_submit: formId, formName, formAction; copy: text, sourceElement) as {data: [{value, count}]}, most frequent first, at most ${AUTOCAPTURE_VALUES_LIMIT}`,
    params: { type: autocaptureType },
    run: async ({ store, query, params }) => ({ data: await autocaptureValues(store, query, params.type) }),
  });
}
