// Teams of an organization in the metadata store: their members, the sites they are restricted to, and changes to both.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { isoTimeOrNull } from '../platform/metadata-store/iso-time.js';

export interface TeamMemberView {
  readonly userId: string;
  readonly userName: string | null;
  readonly userEmail: string;
}

export interface TeamSiteView {
  readonly siteId: number;
  readonly domain: string;
  readonly name: string;
}

export interface TeamView {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly createdAt: string;
  readonly updatedAt: string | null;
  readonly members: TeamMemberView[];
  readonly sites: TeamSiteView[];
}

export interface TeamChanges {
  readonly name?: string;
  /** Replaces the team's members when present. */
  readonly memberUserIds?: readonly string[];
  /** Replaces the team's sites when present; an empty list lifts the restriction. */
  readonly siteIds?: readonly number[];
}

/** The key better-auth gives a (team, user) pair, so its own team endpoints find the rows written here. */
export function teamMembershipKey(teamId: string, userId: string): string {
  return createHash('sha256').update(JSON.stringify([teamId, userId])).digest('base64url');
}

export class TeamRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  /** Teams of the organization; `onlyForUserId` keeps those that user belongs to. */
  async list(organizationId: string, onlyForUserId?: string): Promise<TeamView[]> {
    let query = this.db.selectFrom('team').select(['id', 'name', 'organizationId', 'createdAt', 'updatedAt']).where('organizationId', '=', organizationId);
    if (onlyForUserId !== undefined) {
      query = query.where('id', 'in', this.db.selectFrom('teamMember').select('teamId').where('userId', '=', onlyForUserId));
    }
    const teams = await query.orderBy('createdAt').orderBy('id').execute();
    if (teams.length === 0) return [];
    const ids = teams.map((team) => team.id);
    const members = await this.db
      .selectFrom('teamMember')
      .innerJoin('user', 'user.id', 'teamMember.userId')
      .select(['teamMember.teamId', 'teamMember.userId', 'user.name', 'user.email'])
      .where('teamMember.teamId', 'in', ids)
      .orderBy('user.email')
      .execute();
    const sites = await this.db
      .selectFrom('team_sites')
      .innerJoin('sites', 'sites.site_id', 'team_sites.site_id')
      .select(['team_sites.team_id', 'sites.site_id', 'sites.domain', 'sites.name'])
      .where('team_sites.team_id', 'in', ids)
      .orderBy('sites.site_id')
      .execute();
    return teams.map((team) => ({
      id: team.id,
      name: team.name,
      organizationId: team.organizationId,
      createdAt: isoTimeOrNull(team.createdAt) ?? '',
      updatedAt: isoTimeOrNull(team.updatedAt),
      members: members.filter((m) => m.teamId === team.id).map((m) => ({ userId: m.userId, userName: m.name, userEmail: m.email })),
      sites: sites.filter((s) => s.team_id === team.id).map((s) => ({ siteId: s.site_id, domain: s.domain, name: s.name })),
    }));
  }

  async exists(organizationId: string, teamId: string): Promise<boolean> {
    const row = await this.db.selectFrom('team').select('id').where('id', '=', teamId).where('organizationId', '=', organizationId).executeTakeFirst();
    return row !== undefined;
  }

  /** The user ids among `userIds` that are not members of the organization. */
  async strangers(organizationId: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.selectFrom('member').select('userId').where('organizationId', '=', organizationId).where('userId', 'in', [...userIds]).execute();
    const known = new Set(rows.map((row) => row.userId));
    return userIds.filter((id) => !known.has(id));
  }

  /** The site ids among `siteIds` that are not sites of the organization. */
  async foreignSites(organizationId: string, siteIds: readonly number[]): Promise<number[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.db.selectFrom('sites').select('site_id').where('organization_id', '=', organizationId).where('site_id', 'in', [...siteIds]).execute();
    const known = new Set(rows.map((row) => row.site_id));
    return siteIds.filter((id) => !known.has(id));
  }

  async create(organizationId: string, name: string, changes: TeamChanges, now: Date): Promise<{ id: string; createdAt: string }> {
    const id = randomUUID();
    const createdAt = now.toISOString();
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('team').values({ id, name, organizationId, memberCount: 0, createdAt, updatedAt: createdAt }).execute();
      await new TeamRepository(tx).applyChanges(id, changes, now);
    });
    return { id, createdAt };
  }

  async update(teamId: string, changes: TeamChanges, now: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => new TeamRepository(tx).applyChanges(teamId, changes, now));
  }

  /** Deletes the team with its memberships and site restrictions. */
  async delete(teamId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('team_sites').where('team_id', '=', teamId).execute();
      await tx.deleteFrom('team_restrictions').where('team_id', '=', teamId).execute();
      await tx.deleteFrom('teamMember').where('teamId', '=', teamId).execute();
      await tx.deleteFrom('team').where('id', '=', teamId).execute();
    });
  }

  async addMember(teamId: string, userId: string, now: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const present = await tx.selectFrom('teamMember').select('id').where('teamId', '=', teamId).where('userId', '=', userId).executeTakeFirst();
      if (!present) await new TeamRepository(tx).insertMembers(teamId, [userId], now);
      await new TeamRepository(tx).touch(teamId, now);
    });
  }

  /** Returns false when the user was not on the team. */
  async removeMember(teamId: string, userId: string, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const removed = await tx.deleteFrom('teamMember').where('teamId', '=', teamId).where('userId', '=', userId).executeTakeFirst();
      await new TeamRepository(tx).touch(teamId, now);
      return Number(removed.numDeletedRows) > 0;
    });
  }

  /** Removes a user from every team of the organization (when they leave it). */
  async removeUserFromOrganizationTeams(organizationId: string, userId: string): Promise<void> {
    const teamIds = this.db.selectFrom('team').select('id').where('organizationId', '=', organizationId);
    await this.db.deleteFrom('teamMember').where('userId', '=', userId).where('teamId', 'in', teamIds).execute();
  }

  private async applyChanges(teamId: string, changes: TeamChanges, now: Date): Promise<void> {
    if (changes.name !== undefined) await this.db.updateTable('team').set({ name: changes.name }).where('id', '=', teamId).execute();
    if (changes.memberUserIds !== undefined) {
      await this.db.deleteFrom('teamMember').where('teamId', '=', teamId).execute();
      await this.insertMembers(teamId, [...new Set(changes.memberUserIds)], now);
    }
    if (changes.siteIds !== undefined) {
      await this.db.deleteFrom('team_sites').where('team_id', '=', teamId).execute();
      await this.db.deleteFrom('team_restrictions').where('team_id', '=', teamId).execute();
      const siteIds = [...new Set(changes.siteIds)];
      if (siteIds.length > 0) {
        await this.db.insertInto('team_sites').values(siteIds.map((siteId) => ({ team_id: teamId, site_id: siteId }))).execute();
        // Marked, so that deleting the team's sites later narrows it to nothing rather than lifting it.
        await this.db.insertInto('team_restrictions').values({ team_id: teamId }).execute();
      }
    }
    await this.touch(teamId, now);
  }

  private async insertMembers(teamId: string, userIds: readonly string[], now: Date): Promise<void> {
    if (userIds.length === 0) return;
    const createdAt = now.toISOString();
    await this.db
      .insertInto('teamMember')
      .values(userIds.map((userId) => ({ id: randomUUID(), teamId, userId, membershipKey: teamMembershipKey(teamId, userId), createdAt })))
      .execute();
  }

  /** Sets updatedAt and the member count better-auth keeps on the team row. */
  private async touch(teamId: string, now: Date): Promise<void> {
    const count = await this.db.selectFrom('teamMember').select((eb) => eb.fn.countAll<number | string>().as('n')).where('teamId', '=', teamId).executeTakeFirst();
    await this.db.updateTable('team').set({ updatedAt: now.toISOString(), memberCount: Number(count?.n ?? 0) }).where('id', '=', teamId).execute();
  }
}
