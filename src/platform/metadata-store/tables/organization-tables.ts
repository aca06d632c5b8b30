// Kysely table types of the metadata store: organizations, members, teams, site access, invitations and the
// better-auth columns Loupe reads.

export interface TeamSitesTable {
  team_id: string;
  site_id: number;
}

/** Teams whose members are limited to the team's sites (even when it has none left). */
export interface TeamRestrictionsTable {
  team_id: string;
}

/** Members limited to chosen sites directly (the sites are in member_sites; none listed: no site). */
export interface MemberSiteRestrictionsTable {
  member_id: string;
}

export interface MemberSitesTable {
  member_id: string;
  site_id: number;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date | string;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Date | string;
  metadata: string | null;
}

/** Written only by the operator's command line (src/organizations/organization-plans.ts). */
export interface OrganizationPlansTable {
  organization_id: string;
  /** 'free' | 'paid' (checked by the table). */
  plan: string;
  updated_at: string;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  /** better-auth's digest of (teamId, userId); see src/teams/team.repository.ts. */
  membershipKey: string | null;
  createdAt: Date | string | null;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  memberCount: number;
  createdAt: Date | string;
  updatedAt: Date | string | null;
}

/** better-auth's API keys (only the columns Loupe reads). */
export interface ApiKeyTable {
  id: string;
  configId: string;
}

/** better-auth's accounts (only the columns Loupe reads). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  /** better-auth's twoFactor plugin (migration 0018): true once the account has confirmed a TOTP code. */
  twoFactorEnabled: boolean | number | null;
}

/** Each organization's sign-in policy (migration 0018), written only by its owners through Loupe's route. */
export interface OrganizationSignInPoliciesTable {
  organization_id: string;
  /** 0 or 1. */
  require_two_factor: number;
  updated_at: string;
}

/** better-auth's organization invitations. */
export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  inviterId: string;
}

/** The SHA-256 of each invitation link's secret (migration 0014); the token itself is only in the link. */
export interface InvitationTokensTable {
  invitation_id: string;
  token_hash: string;
}
