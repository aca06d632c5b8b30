// /revenue: the revenue custom events carried (per currency and in the site's reporting currency), and the
// same broken down by page or by source.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RevenueSchema, revenueSummary } from '../../revenue/revenue-summary.js';
import { baseWhere } from '../../stats/stats-query.js';
import { pagingParams } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { REVENUE_PARAMETERS, revenueBreakdown } from './revenue-breakdown.query.js';
import { revenueContextOf } from './revenue-context.js';
import { revenueTotals } from './revenue-sums.query.js';

const TAG = 'Goals';

export async function revenueRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/revenue',
    tag: TAG,
    summary:
      'Revenue carried by custom events in range (with the filters): per currency as sent, and in one currency (the site\'s ' +
      'reportingCurrency, converted with the operator\'s rates; else the only currency present), with the average per ' +
      'paying session. Amounts are decimal text rounded to the currency\'s minor unit.',
    scope: 'goals:read',
    response: z.object({ data: RevenueSchema.extend({ sessions: z.number().int().describe('sessions with at least one revenue event') }) }),
    run: async ({ site, store, query }) => {
      const [totals, context] = await Promise.all([revenueTotals(store, baseWhere(query)), revenueContextOf(deps, site.siteId)]);
      return { data: { ...revenueSummary(totals.sums, context, totals.sessions), sessions: totals.sessions } };
    },
  });

  registerReport(app, deps, {
    path: '/revenue/breakdown',
    tag: TAG,
    summary:
      'Revenue by a dimension, largest converted total first: by the revenue event\'s own page (pathname, hostname, page_title, ' +
      'event_name, country, device...) or by the session\'s source (channel, referrer, utm_source, utm_medium, utm_campaign, ' +
      'entry_page). average = total / sessions (paying sessions with that value).',
    scope: 'goals:read',
    params: {
      parameter: z.string().min(1).max(40).describe(`one of ${REVENUE_PARAMETERS.join(', ')}`),
      ...pagingParams,
    },
    response: z.object({
      data: z.object({
        data: z.array(z.object({ value: z.string(), sessions: z.number().int(), revenue: RevenueSchema })),
        totalCount: z.number().int(),
      }),
    }),
    run: async ({ site, store, query, params }) => ({
      data: await revenueBreakdown(store, query, await revenueContextOf(deps, site.siteId), params),
    }),
  });
}
