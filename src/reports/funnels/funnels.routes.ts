// POST /funnels/analyze and /funnels/{stepNumber}/sessions (common parameters in the query string) and saved funnels: create, list, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../platform/http/app-errors.js';
import { principalOf, siteOf } from '../../platform/http/guards.js';
import { principalUserId } from '../../platform/http/principal.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL, SuccessSchema } from '../../platform/http/route-docs.js';
import { commonParamsSchema } from '../../stats/common-params.schema.js';
import { pageWindow } from '../report-paging.js';
import { statsQueryOf, type ReportDeps } from '../report-route.js';
import { drillDownPagingParams } from '../session-drill-down-paging.js';
import { funnelStepSessions, stepIndexOf, STEP_SESSION_MODES } from './funnel-step-sessions.query.js';
import { funnelStepOf, FunnelStepsSchema } from './funnel-step.schema.js';
import { analyzeFunnel } from './funnel-analysis.query.js';
import { revenueContextOf } from '../revenue/revenue-context.js';
import { FunnelAnalysisSchema, SavedFunnelsSchema } from './funnels-responses.schema.js';

const TAG = 'Funnels';

export async function funnelsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const { funnels } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const siteParams = z.object({ site: z.string().min(1) });
  const read = deps.guards.site({ scope: 'funnels:read' });
  const write = deps.guards.site({ scope: 'funnels:write', role: 'member' });

  typed.post('/api/sites/:site/funnels/analyze', {
    onRequest: read,
    schema: {
      tags: [TAG],
      summary:
        'Sessions reaching each step in order: step N counts when it follows the first time step N-1 was reached (rates in %, 2 decimals); ' +
        'an event last step also carries revenue: what its matching custom events carried in the sessions that completed the funnel',
      security: OPTIONAL_CREDENTIAL,
      params: siteParams,
      querystring: commonParamsSchema,
      body: z.object({ steps: FunnelStepsSchema }),
      response: { 200: FunnelAnalysisSchema },
    },
  }, async (request) => {
    const site = siteOf(request);
    const query = await statsQueryOf(request, deps, site);
    return { data: await analyzeFunnel(deps.analytics, query, request.body.steps.map(funnelStepOf), await revenueContextOf(deps, site.siteId)) };
  });

  typed.post('/api/sites/:site/funnels/:stepNumber/sessions', {
    onRequest: read,
    schema: {
      tags: [TAG],
      summary:
        'Sessions that reached step stepNumber (mode=reached) or reached it and not the next one (mode=dropped), as the analysis counts them, ' +
        'as rows of the sessions list, newest start first; none drop off at the last step',
      security: OPTIONAL_CREDENTIAL,
      params: siteParams.extend({ stepNumber: z.string().regex(/^\d{1,3}$/, 'expected a step number from 1').describe('1-based step number') }),
      querystring: commonParamsSchema.extend({
        mode: z.enum(STEP_SESSION_MODES).describe('reached: sessions that reached the step; dropped: reached it but not the next'),
        ...drillDownPagingParams,
      }),
      body: z.object({ steps: FunnelStepsSchema }),
    },
  }, async (request) => {
    const steps = request.body.steps.map(funnelStepOf);
    const target = { step: stepIndexOf(request.params.stepNumber, steps.length), mode: request.query.mode };
    const query = await statsQueryOf(request, deps, siteOf(request));
    return { data: await funnelStepSessions(deps.analytics, query, steps, target, pageWindow(request.query)) };
  });

  typed.post('/api/sites/:site/funnels', {
    onRequest: write,
    schema: {
      tags: [TAG], summary: 'Save a funnel', security: ANY_CREDENTIAL, params: siteParams,
      body: z.object({ name: z.string().trim().min(1).max(120), steps: FunnelStepsSchema }),
      response: { 200: SuccessSchema.extend({ funnelId: z.number().int() }) },
    },
  }, async (request) => {
    const steps = request.body.steps.map(funnelStepOf);
    const funnel = await funnels.create(siteOf(request).siteId, request.body.name, steps, principalUserId(principalOf(request)) ?? null, new Date(deps.clock()));
    return { success: true as const, funnelId: funnel.funnelId };
  });

  typed.get('/api/sites/:site/funnels', {
    onRequest: read,
    schema: { tags: [TAG], summary: "The site's saved funnels, oldest first", security: OPTIONAL_CREDENTIAL, params: siteParams, response: { 200: SavedFunnelsSchema } },
  }, async (request) => ({ data: await funnels.list(siteOf(request).siteId) }));

  typed.delete('/api/sites/:site/funnels/:funnelId', {
    onRequest: write,
    schema: {
      tags: [TAG], summary: 'Delete a saved funnel', security: ANY_CREDENTIAL,
      params: siteParams.extend({ funnelId: z.string().regex(/^\d{1,15}$/, 'expected a positive integer') }),
      response: { 200: SuccessSchema },
    },
  }, async (request) => {
    const funnelId = Number(request.params.funnelId);
    const deleted = funnelId <= 2_147_483_647 && (await funnels.delete(siteOf(request).siteId, funnelId));
    if (!deleted) throw new NotFoundError('Funnel not found');
    return { success: true as const };
  });
}
