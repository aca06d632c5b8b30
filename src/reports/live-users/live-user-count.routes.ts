// GET /live-user-count?minutes=: sessions active in the last minutes.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { liveUserCount } from './live-user-count.query.js';

export async function liveUserCountRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/live-user-count',
    tag: 'Overview',
    summary: 'Distinct sessions with an event in the last `minutes` minutes (1..1440, default 5)',
    params: { minutes: integerParam(1, 1440, 5).describe('window length in minutes, 1..1440; default 5') },
    response: z.object({ count: z.number().int().describe('distinct sessions') }),
    run: async ({ store, query, params, now }) => ({ count: await liveUserCount(store, query, now, params.minutes) }),
  });
}
