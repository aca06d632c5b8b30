// GET /journeys?steps=&limit=&stepFilters=: the most common page sequences from session start.
import type { FastifyInstance } from 'fastify';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { journeys } from './journeys.query.js';
import { JourneysAnswerSchema } from './journeys.schema.js';
import { stepFiltersParam } from './step-filters-param.js';

export async function journeysRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/journeys',
    tag: 'Insights',
    summary:
      'The most common sequences of the first `steps` pages of a session (repeats of a page in a row count once); ' +
      'sessions with fewer pages are left out; stepFilters keeps the journeys with chosen pages at chosen steps; ' +
      'percentage is of all the sessions counted',
    params: {
      steps: integerParam(2, 10, 3).describe('pages per journey, 2..10; default 3'),
      limit: integerParam(1, 100, 10).describe('journeys returned, 1..100; default 10'),
      stepFilters: stepFiltersParam,
    },
    response: JourneysAnswerSchema,
    run: async ({ store, query, params }) => ({
      journeys: await journeys(store, query, { steps: params.steps, limit: params.limit, stepFilters: params.stepFilters }),
    }),
  });
}
