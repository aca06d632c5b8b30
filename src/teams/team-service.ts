// Team operations with their rules: members and sites must belong to the team's organization.
import { BadRequestError, NotFoundError } from '../platform/http/app-errors.js';
import type { TeamChanges, TeamRepository, TeamView } from './team.repository.js';

export class TeamService {
  constructor(
    private readonly teams: TeamRepository,
    private readonly clock: () => number,
  ) {}

  /** Every team for admins; for members, the teams they are on (as Rybbit answers). */
  list(organizationId: string, restrictToUserId: string | undefined): Promise<TeamView[]> {
    return this.teams.list(organizationId, restrictToUserId);
  }

  async create(organizationId: string, name: string, changes: TeamChanges) {
    await this.check(organizationId, changes);
    const now = new Date(this.clock());
    const { id, createdAt } = await this.teams.create(organizationId, name, changes, now);
    return { id, name, organizationId, createdAt, updatedAt: createdAt, members: [...new Set(changes.memberUserIds ?? [])], siteIds: [...new Set(changes.siteIds ?? [])] };
  }

  async update(organizationId: string, teamId: string, changes: TeamChanges): Promise<void> {
    await this.requireTeam(organizationId, teamId);
    await this.check(organizationId, changes);
    await this.teams.update(teamId, changes, new Date(this.clock()));
  }

  async delete(organizationId: string, teamId: string): Promise<void> {
    await this.requireTeam(organizationId, teamId);
    await this.teams.delete(teamId);
  }

  async addMember(organizationId: string, teamId: string, userId: string): Promise<void> {
    await this.requireTeam(organizationId, teamId);
    await this.check(organizationId, { memberUserIds: [userId] });
    await this.teams.addMember(teamId, userId, new Date(this.clock()));
  }

  async removeMember(organizationId: string, teamId: string, userId: string): Promise<void> {
    await this.requireTeam(organizationId, teamId);
    if (!(await this.teams.removeMember(teamId, userId, new Date(this.clock())))) throw new NotFoundError('User is not on this team');
  }

  private async requireTeam(organizationId: string, teamId: string): Promise<void> {
    if (!(await this.teams.exists(organizationId, teamId))) throw new NotFoundError('Team not found');
  }

  private async check(organizationId: string, changes: TeamChanges): Promise<void> {
    const strangers = await this.teams.strangers(organizationId, changes.memberUserIds ?? []);
    if (strangers.length > 0) throw new BadRequestError(`Users not in organization: ${strangers.join(', ')}`);
    const foreign = await this.teams.foreignSites(organizationId, changes.siteIds ?? []);
    if (foreign.length > 0) throw new BadRequestError(`Sites not in organization: ${foreign.join(', ')}`);
  }
}
