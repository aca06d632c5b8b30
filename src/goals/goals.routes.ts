// /api/sites/{site}/goals: a site's goal definitions, created, replaced and deleted by members (the conversions
// they count are the goals report's, under reports/goals/).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, siteOf, type Guards } from '../platform/http/guards.js';
import { principalUserId } from '../platform/http/principal.js';
import { ANY_CREDENTIAL, SuccessSchema } from '../platform/http/route-docs.js';
import { GoalIdParams, requireGoal } from './goal-id-param.js';
import type { GoalRepository } from './goal.repository.js';
import { GoalBodySchema, goalInputOf } from './goal.schema.js';

const TAG = 'Goals';

export interface GoalsRouteDeps {
  readonly guards: Guards;
  readonly goals: GoalRepository;
  readonly clock: () => number;
}

export async function goalsRoutes(app: FastifyInstance, deps: GoalsRouteDeps): Promise<void> {
  const { goals } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const write = deps.guards.site({ scope: 'goals:write', role: 'member' });
  const siteParams = z.object({ site: z.string().min(1) });
  const goalParams = siteParams.extend(GoalIdParams);

  typed.post('/api/sites/:site/goals', {
    onRequest: write,
    schema: { tags: [TAG], summary: 'Create a goal', security: ANY_CREDENTIAL, params: siteParams, body: GoalBodySchema, response: { 200: SuccessSchema.extend({ goalId: z.number().int() }) } },
  }, async (request) => {
    const goal = await goals.create(siteOf(request).siteId, goalInputOf(request.body), principalUserId(principalOf(request)) ?? null, new Date(deps.clock()));
    return { success: true as const, goalId: goal.goalId };
  });

  typed.put('/api/sites/:site/goals/:goalId', {
    onRequest: write,
    schema: { tags: [TAG], summary: "Replace a goal's name, type and config", security: ANY_CREDENTIAL, params: goalParams, body: GoalBodySchema, response: { 200: SuccessSchema } },
  }, async (request) => {
    const goal = await requireGoal(goals, siteOf(request).siteId, request.params.goalId);
    await goals.update(goal.siteId, goal.goalId, goalInputOf(request.body), new Date(deps.clock()));
    return { success: true as const };
  });

  typed.delete('/api/sites/:site/goals/:goalId', {
    onRequest: write,
    schema: { tags: [TAG], summary: 'Delete a goal', security: ANY_CREDENTIAL, params: goalParams, response: { 200: SuccessSchema } },
  }, async (request) => {
    const goal = await requireGoal(goals, siteOf(request).siteId, request.params.goalId);
    await goals.delete(goal.siteId, goal.goalId);
    return { success: true as const };
  });
}
