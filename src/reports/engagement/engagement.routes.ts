// GET /engagement (engaged time, scroll depth and the visit duration from engaged time) and /engagement/pages.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pagingParams } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { engagementOverview, pageEngagement } from './engagement.query.js';
import { SCROLL_MARKS } from './engagement-sql.js';

const TAG = 'Overview';

const figures = {
  visits: z.number().int().describe("page visits that reported engagement (a session's engagement on one path counts once)"),
  time_on_page_seconds: z.number().describe('mean engaged seconds per page visit (page visible and the visitor active), 2 decimals'),
  scroll_depth: z.number().describe('mean deepest scroll per page visit, percent of the page, 2 decimals'),
  scroll_reach: z
    .record(z.string(), z.number())
    .describe(`percent of page visits that scrolled at least ${SCROLL_MARKS.join(', ')} percent of the page, keyed by the mark`),
};

export async function engagementRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/engagement',
    tag: TAG,
    summary:
      'Engagement over the range: time on page (engaged seconds) and scroll depth per page visit, and the visit duration from engaged ' +
      'time (engaged_session_duration: all engaged seconds / sessions, one-page visits included)',
    response: z.object({
      data: z.object({
        ...figures,
        sessions: z.number().int().describe('sessions with events in range'),
        engaged_session_duration: z.number().describe('mean engaged seconds per session, 2 decimals'),
      }),
    }),
    run: async ({ store, query }) => ({ data: await engagementOverview(store, query) }),
  });
  registerReport(app, deps, {
    path: '/engagement/pages',
    tag: TAG,
    summary: 'Time on page and scroll depth (mean and reach) per path, most visited first',
    params: pagingParams,
    response: z.object({ data: z.object({ data: z.array(z.object({ value: z.string().describe('the path'), ...figures })), totalCount: z.number().int() }) }),
    run: async ({ store, query, params }) => ({ data: await pageEngagement(store, query, params) }),
  });
}
