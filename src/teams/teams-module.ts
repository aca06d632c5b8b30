// Wires the teams feature: the repository, the service and the team routes; answers whether a team exists
// (for the members feature's invitations).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team-service.js';
import { teamsRoutes } from './teams.routes.js';

export interface TeamsModuleDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly clock: () => number;
}

export interface TeamsModule {
  teamExists(organizationId: string, teamId: string): Promise<boolean>;
}

export async function registerTeams(app: FastifyInstance, deps: TeamsModuleDeps): Promise<TeamsModule> {
  const repository = new TeamRepository(deps.db);
  await app.register(teamsRoutes, { guards: deps.guards, teams: new TeamService(repository, deps.clock) });
  return { teamExists: (organizationId, teamId) => repository.exists(organizationId, teamId) };
}
