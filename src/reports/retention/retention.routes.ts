// GET /retention?mode=week|day|month&range=: a cohort table of returning users.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { RETENTION_MODES } from './retention-periods.js';
import { retention } from './retention.query.js';
import { RetentionAnswerSchema } from './retention.schema.js';

export async function retentionRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/retention',
    tag: 'Insights',
    summary:
      'Users (the identified id when set, else the visitor id) by the day, Monday-week or calendar month they were first seen in within the ' +
      'window of the `range` days before the day holding the range end (or now) and that day; only cohorts with users; ' +
      'percentages[i] = % of the cohort active i periods later (null for periods still to come), maxPeriods + 1 entries each, ' +
      'maxPeriods = the latest period anyone returned in',
    params: {
      mode: z.enum(RETENTION_MODES).default('week').describe('period: day, Monday-week or calendar month of the time zone; default week'),
      range: integerParam(7, 365, 90).describe('the window in days, 7..365; default 90'),
    },
    response: RetentionAnswerSchema,
    run: async ({ store, query, params, now }) => ({
      data: await retention(store, query, now, { mode: params.mode, range: params.range }),
    }),
  });
}
