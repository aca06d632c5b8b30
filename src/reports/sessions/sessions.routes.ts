// GET /sessions (newest first, paged) and /sessions/{sessionId} (one session with its events).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam, optionalIntegerParam } from '../integer-param.js';
import { largePagingParams, pageWindow } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { recentSessionQuery, sessionDetail } from './session-detail.query.js';
import { sessionAggregateConditions, sessionEventConditions, sessionListFilterParams } from './session-list-filters.js';
import { listSessions } from './sessions.query.js';
import { SessionDetailSchema, SessionListSchema } from './sessions.schema.js';

export async function sessionsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/sessions',
    tag: 'Sessions',
    scope: 'sessions:read',
    summary:
      'Sessions with an event matching the filters, newest start first. Channel: first other than Direct/Internal; ' +
      'entry/exit: first/last pageview; device, place and referrer: the first event\'s; events = custom events; duration in seconds. ' +
      'user_id, session_id and identified_only narrow the sessions; min_pageviews, min_events and min_duration apply to each ' +
      'session\'s figures over all its events in range',
    params: { ...largePagingParams, ...sessionListFilterParams },
    response: SessionListSchema,
    run: async ({ store, query, params }) => ({
      data: await listSessions(store, query, pageWindow(params), sessionEventConditions(params), sessionAggregateConditions(params)),
    }),
  });
  registerReport(app, deps, {
    path: '/sessions/:sessionId',
    tag: 'Sessions',
    scope: 'sessions:read',
    summary:
      'One session (fields as in the list) and a page of its events, oldest first, each with time_spent (seconds to the next event); 404 when unknown, out of range or filtered out. ' +
      'With minutes: only its events of the last minutes minutes (the session\'s fields and total over those events too)',
    pathParams: { sessionId: z.string().min(1).describe('the session id, a decimal UInt64') },
    params: {
      limit: integerParam(1, 1000, 100).describe('events per page, 1..1000 (default 100)'),
      offset: integerParam(0, 10_000_000, 0).describe('events to skip (default 0)'),
      minutes: optionalIntegerParam(1, 1440).describe('only events of the last minutes minutes before now, 1..1440 (a live view); absent: the whole range'),
    },
    response: SessionDetailSchema,
    run: async ({ store, query, params, path, now }) => ({
      data: await sessionDetail(store, recentSessionQuery(query, now, params.minutes), path.sessionId ?? '', params),
    }),
  });
}
