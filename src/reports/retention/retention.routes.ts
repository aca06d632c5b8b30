// GET /retention?mode=week|day&range=: a cohort table of returning users.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionalIntegerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { retention } from './retention.query.js';

/** Periods shown when `range` is not given. */
const DEFAULT_RANGE = { week: 8, day: 14 } as const;

export async function retentionRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/retention',
    tag: 'Insights',
    summary:
      'Users (the identified id when set, else the visitor id) by the day or Monday-week they were first seen in the ' +
      'last `range` periods ending with the one holding the range end (or now); percentages[i] = % of the cohort active i periods later',
    params: {
      mode: z.enum(['week', 'day']).default('week').describe('period length; default week'),
      range: optionalIntegerParam(1, 52).describe('number of periods, 1..52; default 8 weeks or 14 days'),
    },
    run: async ({ store, query, params, now }) => ({
      data: await retention(store, query, now, { mode: params.mode, range: params.range ?? DEFAULT_RANGE[params.mode] }),
    }),
  });
}
