// Wires the goals feature: the repository of goal definitions and their routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { GoalRepository } from './goal.repository.js';
import { goalsRoutes } from './goals.routes.js';

export interface GoalsModuleDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly clock: () => number;
}

export interface GoalsModule {
  /** The definitions, for the features that count or match goals (reports, webhooks, alerts, email reports). */
  readonly repository: GoalRepository;
}

export async function registerGoals(app: FastifyInstance, deps: GoalsModuleDeps): Promise<GoalsModule> {
  const repository = new GoalRepository(deps.db);
  await app.register(goalsRoutes, { guards: deps.guards, goals: repository, clock: deps.clock });
  return { repository };
}
