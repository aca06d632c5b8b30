// POST /goals/preview: how many sessions a goal definition (not saved) would have converted in the chosen range.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GoalBodySchema, goalInputOf } from '../../goals/index.js';
import { siteOf } from '../../platform/http/guards.js';
import { OPTIONAL_CREDENTIAL } from '../../platform/http/route-docs.js';
import { commonParamsSchema } from '../../stats/common-params.schema.js';
import { statsQueryOf, type ReportDeps } from '../report-route.js';
import { goalPreview } from './goals.query.js';
import { GoalPreviewSchema } from './goals-responses.schema.js';

export function registerGoalPreview(app: FastifyInstance, deps: ReportDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/sites/:site/goals/preview', {
    onRequest: deps.guards.site({ scope: 'goals:read' }),
    schema: {
      tags: ['Goals'],
      summary:
        'The conversions a goal definition (the body of POST /goals; name ignored) would have in the range and filters of the common ' +
        'parameters, counted as the goals report counts them: {data: {total_conversions, total_sessions, conversion_rate}}',
      security: OPTIONAL_CREDENTIAL,
      params: z.object({ site: z.string().min(1) }),
      querystring: commonParamsSchema,
      body: GoalBodySchema,
      response: { 200: GoalPreviewSchema },
    },
  }, async (request) => {
    const { goalType, config } = goalInputOf(request.body);
    const query = await statsQueryOf(request, deps, siteOf(request));
    return { data: await goalPreview(deps.analytics, query, { goalType, config }) };
  });
}
