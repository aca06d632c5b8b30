// GET /errors/names, /errors/events and /errors/time-series.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pagingParams } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { errorEvents, errorNames, errorTimeSeries } from './errors.query.js';

const errorMessage = z.string().min(1).max(4096).describe('the exact error message (required)');

export async function errorsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/errors/names',
    tag: 'Errors',
    summary:
      'Error messages with occurrences, affected sessions and share of all errors (%, 2 decimals), count desc; ' +
      'errorName is the error type of the latest occurrence',
    params: pagingParams,
    run: async ({ store, query, params }) => ({ data: await errorNames(store, query, params) }),
  });
  registerReport(app, deps, {
    path: '/errors/events',
    tag: 'Errors',
    summary: 'Occurrences of one error message, newest first, with context, stack and source position',
    params: { errorMessage, ...pagingParams },
    run: async ({ store, query, params }) => ({ data: await errorEvents(store, query, params.errorMessage, params) }),
  });
  registerReport(app, deps, {
    path: '/errors/time-series',
    tag: 'Errors',
    summary: 'Occurrences of one error message per bucket (default hour), zero-filled; time is the bucket start, ISO 8601 UTC',
    params: { errorMessage },
    run: async ({ store, query, params }) => ({ success: true, data: await errorTimeSeries(store, query, params.errorMessage) }),
  });
}
