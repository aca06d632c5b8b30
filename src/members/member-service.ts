// Organization members: the list in Rybbit's shape, invitations, role changes, removal. Nobody joins
// an organization without accepting an invitation with its link (docs/decisions/0013-invitations-need-the-link.md).
import { BadRequestError, ForbiddenError, NotFoundError } from '../platform/http/app-errors.js';
import type { InvitationTokens } from '../platform/auth/invitation-tokens.js';
import { siteAccessCanBeRestricted, type OrganizationRole } from '../platform/auth/organization-roles.js';
import type { Mailer } from '../platform/mail/mailer.js';
import { invitationLink, sendInvitationEmail } from './invitation-mail.js';
import type { MemberRepository, MemberRow, TeamOfMember } from './member.repository.js';

/** better-auth's default lifetime of an invitation. */
const INVITATION_LIFETIME_MS = 48 * 3600 * 1000;

export interface MemberServiceDeps {
  readonly members: MemberRepository;
  readonly clock: () => number;
  readonly baseUrl: string;
  readonly mailer: Mailer | undefined;
  readonly invitationTokens: InvitationTokens;
  /** Whether a team belongs to the organization. */
  readonly teamExists: (organizationId: string, teamId: string) => Promise<boolean>;
  readonly log: (message: string, detail: unknown) => void;
  /** The sites a user may open in the organization, null for all (platform/http/site-restrictions.ts). */
  readonly allowedSites: (userId: string, organizationId: string) => Promise<Set<number> | null>;
}

/** Who acts: their role in the organization and, for a person, their user id (organization keys act as an admin). */
export interface Actor {
  readonly role: OrganizationRole;
  readonly userId: string;
}

function hasOwnerRole(role: string): boolean {
  return role.split(',').map((part) => part.trim()).includes('owner');
}

function siteAccessOf(member: MemberRow, teams: readonly TeamOfMember[], allowed: Set<number> | null) {
  const restricted = siteAccessCanBeRestricted(member.role) && allowed !== null;
  const teamList = [...new Map(teams.filter((team) => team.userId === member.userId).map((team) => [team.teamId, { id: team.teamId, name: team.teamName }])).values()];
  return {
    siteAccess: { hasRestrictedSiteAccess: restricted, siteIds: restricted ? [...allowed].sort((a, b) => a - b) : [], siteRole: null, siteGrants: [] },
    teams: teamList,
  };
}

export class MemberService {
  constructor(private readonly deps: MemberServiceDeps) {}

  async list(organizationId: string) {
    const [members, teams] = await Promise.all([this.deps.members.list(organizationId), this.deps.members.teamsOfMembers(organizationId)]);
    const result = [];
    for (const member of members) {
      const allowed = siteAccessCanBeRestricted(member.role) ? await this.deps.allowedSites(member.userId, organizationId) : null;
      result.push({ ...member, ...siteAccessOf(member, teams, allowed) });
    }
    return result;
  }

  async invite(organizationId: string, actor: Actor, input: { email: string; role: OrganizationRole; teamId?: string | undefined }) {
    this.requireMayGrant(actor, input.role);
    // Real time, not the app clock: better-auth checks an invitation's expiry against real time when it is accepted.
    const now = new Date();
    const existing = await this.deps.members.findUserByEmail(input.email);
    if (existing && (await this.deps.members.list(organizationId)).some((member) => member.userId === existing.id)) {
      throw new BadRequestError('User is already a member of this organization');
    }
    if (await this.deps.members.pendingInvitation(organizationId, input.email, now)) throw new BadRequestError('User is already invited to this organization');
    if (input.teamId !== undefined && !(await this.deps.teamExists(organizationId, input.teamId))) throw new BadRequestError('Team not found in this organization');
    const invitation = await this.deps.members.createInvitation({
      organizationId, email: input.email, role: input.role, teamId: input.teamId ?? null, inviterId: actor.userId,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString(),
    }, now);
    const notice = {
      id: invitation.id, token: await this.deps.invitationTokens.issue(invitation.id), email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt,
      organizationName: (await this.deps.members.organizationName(organizationId)) ?? organizationId,
      inviterEmail: (await this.deps.members.userEmail(actor.userId)) ?? '',
    };
    const emailSent = await sendInvitationEmail(this.deps.mailer, this.deps.baseUrl, notice, this.deps.log);
    return { ...invitation, inviteLink: invitationLink(this.deps.baseUrl, notice), emailSent };
  }

  /**
   * Rybbit's "add an existing account" becomes an invitation the person accepts: the same answer
   * whether or not the address has an account, so it tells nobody which addresses are registered.
   */
  async add(organizationId: string, actor: Actor, input: { email: string; role: OrganizationRole }) {
    const invitation = await this.invite(organizationId, actor, input);
    return {
      message: 'Invitation sent: they join when they accept it', invitationId: invitation.id, inviteLink: invitation.inviteLink, emailSent: invitation.emailSent,
    };
  }

  async changeRole(organizationId: string, actor: Actor, memberId: string, role: OrganizationRole) {
    const member = await this.requireMember(organizationId, memberId);
    this.requireMayManage(actor, member);
    this.requireMayGrant(actor, role);
    if (hasOwnerRole(member.role) && role !== 'owner') await this.requireAnotherOwner(organizationId);
    await this.deps.members.setRole(member.id, role);
    return { ...member, role };
  }

  async remove(organizationId: string, actor: Actor, memberId: string): Promise<void> {
    const member = await this.requireMember(organizationId, memberId);
    this.requireMayManage(actor, member);
    if (hasOwnerRole(member.role)) await this.requireAnotherOwner(organizationId);
    await this.deps.members.remove(member);
  }

  private async requireMember(organizationId: string, memberId: string): Promise<MemberRow> {
    const member = await this.deps.members.find(organizationId, memberId);
    if (!member) throw new NotFoundError('Member not found');
    return member;
  }

  private requireMayGrant(actor: Actor, role: OrganizationRole): void {
    if (role === 'owner' && actor.role !== 'owner') throw new ForbiddenError('Only an owner can make someone an owner');
  }

  private requireMayManage(actor: Actor, member: MemberRow): void {
    if (hasOwnerRole(member.role) && actor.role !== 'owner') throw new ForbiddenError("Only an owner can change or remove an owner");
  }

  private async requireAnotherOwner(organizationId: string): Promise<void> {
    if ((await this.deps.members.countOwners(organizationId)) < 2) throw new BadRequestError('An organization needs at least one owner');
  }
}
