// Members and invitations of an organization in the metadata store (tables better-auth owns and reads too).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { isoTime, utcSqlTime } from '../platform/metadata-store/iso-time.js';

export interface MemberRow {
  readonly id: string;
  readonly role: string;
  readonly userId: string;
  readonly organizationId: string;
  readonly createdAt: string;
  readonly user: { readonly id: string; readonly name: string; readonly email: string };
}

export interface TeamOfMember {
  readonly userId: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly siteId: number | null;
}

export interface InvitationRow {
  readonly id: string;
  readonly organizationId: string;
  readonly email: string;
  readonly role: string;
  readonly teamId: string | null;
  readonly status: string;
  readonly expiresAt: string;
  readonly createdAt: string;
  readonly inviterId: string;
}

/** better-auth's id alphabet and length, so ids written here look like its own. */
function newId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(32)].map((byte) => alphabet[byte % 62]).join('');
}

export class MemberRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async list(organizationId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['member.id', 'member.role', 'member.userId', 'member.organizationId', 'member.createdAt', 'user.name', 'user.email'])
      .where('member.organizationId', '=', organizationId)
      .orderBy('member.createdAt')
      .orderBy('member.id')
      .execute();
    return rows.map((row) => ({
      id: row.id, role: row.role, userId: row.userId, organizationId: row.organizationId, createdAt: utcSqlTime(row.createdAt),
      user: { id: row.userId, name: row.name, email: row.email },
    }));
  }

  async find(organizationId: string, memberId: string): Promise<MemberRow | undefined> {
    return (await this.list(organizationId)).find((member) => member.id === memberId);
  }

  async findUserByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db.selectFrom('user').select(['id', 'email']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async userEmail(userId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst())?.email;
  }

  async organizationName(organizationId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('organization').select('name').where('id', '=', organizationId).executeTakeFirst())?.name;
  }

  /** Each (user, team, site) of the organization's teams; siteId null for a team without sites. */
  async teamsOfMembers(organizationId: string): Promise<TeamOfMember[]> {
    return this.db
      .selectFrom('teamMember')
      .innerJoin('team', 'team.id', 'teamMember.teamId')
      .leftJoin('team_sites', 'team_sites.team_id', 'team.id')
      .select(['teamMember.userId', 'team.id as teamId', 'team.name as teamName', 'team_sites.site_id as siteId'])
      .where('team.organizationId', '=', organizationId)
      .orderBy('team.createdAt')
      .orderBy('team.id')
      .orderBy('team_sites.site_id')
      .execute();
  }

  async countOwners(organizationId: string): Promise<number> {
    const rows = await this.db.selectFrom('member').select('role').where('organizationId', '=', organizationId).execute();
    return rows.filter((row) => row.role.split(',').map((role) => role.trim()).includes('owner')).length;
  }

  async setRole(memberId: string, role: string): Promise<void> {
    await this.db.updateTable('member').set({ role }).where('id', '=', memberId).execute();
  }

  /** Removes the membership, the user's places on the organization's teams and invitations to their address. */
  async remove(member: MemberRow): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const teamIds = tx.selectFrom('team').select('id').where('organizationId', '=', member.organizationId);
      await tx.deleteFrom('teamMember').where('userId', '=', member.userId).where('teamId', 'in', teamIds).execute();
      await tx.deleteFrom('invitation').where('organizationId', '=', member.organizationId).where('email', '=', member.user.email.toLowerCase()).execute();
      await tx.deleteFrom('member').where('id', '=', member.id).execute();
    });
  }

  async pendingInvitation(organizationId: string, email: string, now: Date): Promise<InvitationRow | undefined> {
    const rows = await this.db.selectFrom('invitation').selectAll()
      .where('organizationId', '=', organizationId).where('email', '=', email.toLowerCase()).where('status', '=', 'pending').execute();
    const live = rows.find((row) => new Date(row.expiresAt).getTime() > now.getTime());
    return live ? this.toInvitation(live) : undefined;
  }

  async createInvitation(input: Omit<InvitationRow, 'id' | 'status' | 'createdAt'>, now: Date): Promise<InvitationRow> {
    const row = { ...input, id: newId(), email: input.email.toLowerCase(), status: 'pending', createdAt: now.toISOString() };
    await this.db.insertInto('invitation').values(row).execute();
    return row;
  }

  private toInvitation(row: { id: string; organizationId: string; email: string; role: string | null; teamId: string | null; status: string; expiresAt: Date | string; createdAt: Date | string; inviterId: string }): InvitationRow {
    return { ...row, role: row.role ?? 'member', expiresAt: isoTime(row.expiresAt), createdAt: isoTime(row.createdAt) };
  }
}
