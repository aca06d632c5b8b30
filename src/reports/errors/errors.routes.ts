// GET /errors/names, /errors/events and /errors/time-series.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionalPageParams, pagedAnswer } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { countErrorEvents, errorEvents, errorNames, errorTimeSeries } from './errors.query.js';
import { ErrorEventsAnswerSchema, ErrorNamesAnswerSchema, ErrorTimeSeriesAnswerSchema } from './errors.schema.js';

const errorMessage = z.string().min(1).max(4096).describe('the exact error message (required)');

export async function errorsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/errors/names',
    tag: 'Errors',
    summary:
      'Error messages with occurrences, affected sessions and share of all errors (%, 2 decimals), count desc; ' +
      'errorName is the error type of the latest occurrence. With `page`: `{data: {data, totalCount}}` (totalCount = messages), ' +
      'else `{data: [...]}`',
    params: optionalPageParams,
    response: ErrorNamesAnswerSchema,
    run: async ({ store, query, params }) => pagedAnswer(params.page, await errorNames(store, query, { limit: params.limit, page: params.page ?? 1 })),
  });
  registerReport(app, deps, {
    path: '/errors/events',
    tag: 'Errors',
    summary:
      'Occurrences of one error message, newest first, with context, stack and source position. With `page`: ' +
      '`{data: {data, totalCount}}` (totalCount = occurrences), else `{data: [...]}`',
    params: { errorMessage, ...optionalPageParams },
    response: ErrorEventsAnswerSchema,
    run: async ({ store, query, params }) => {
      const data = await errorEvents(store, query, params.errorMessage, { limit: params.limit, page: params.page ?? 1 });
      if (params.page === undefined) return { data };
      return pagedAnswer(params.page, { data, totalCount: await countErrorEvents(store, query, params.errorMessage) });
    },
  });
  registerReport(app, deps, {
    path: '/errors/time-series',
    tag: 'Errors',
    summary: 'Occurrences of one error message per bucket (default hour), zero-filled; time is the bucket start, ISO 8601 UTC',
    params: { errorMessage },
    response: ErrorTimeSeriesAnswerSchema,
    run: async ({ store, query, params }) => ({ success: true as const, data: await errorTimeSeries(store, query, params.errorMessage) }),
  });
}
