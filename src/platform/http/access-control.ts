// Access decisions from the credential: organization roles, team site restrictions, key scopes, public sites.
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { isOrganizationRole, roleAtLeast, siteAccessCanBeRestricted, type OrganizationRole } from '../auth/organization-roles.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './app-errors.js';
import { principalHasScope, type Principal, type Scope } from './principal.js';
import { allowedSiteIds } from './site-restrictions.js';
import { meetsTwoFactorPolicy, TwoFactorRequiredError } from './two-factor-policy.js';
import type { ReadAudience } from './site-read-audience.js';

/** What access decisions need to know about a site. */
export interface SiteRef {
  readonly siteId: number;
  readonly id: string;
  readonly organizationId: string;
  readonly domain: string;
  readonly isPublic: boolean;
  /** The owner's opt-in: people-level reads (users, sessions, raw events) open to the site's public readers too. */
  readonly publicPeopleData: boolean;
}

export interface SiteLookup {
  /** Finds a site by numeric siteId or 12-hex public id. */
  findSite(ref: string): Promise<SiteRef | undefined>;
}

/** Whether a private link key opens a site's reports (read-only: only routes that allow public reads ask). */
export interface PrivateLinkCheck {
  /** `proof`: the x-private-link-proof header, needed when the link has a password. */
  opens(siteId: number, key: string, proof?: string): Promise<boolean>;
}

export interface AccessRequirement {
  /** Scope an API key must carry. */
  readonly scope: Scope;
  /** Lowest organization role allowed (default member). */
  readonly role?: OrganizationRole;
}

/** A site read beyond the organization: who may read the route (site-read-audience.ts), and a private link's key. */
export interface OutsideRead {
  /** Absent for routes that change something: those never open beyond the organization. */
  readonly audience?: ReadAudience | undefined;
  readonly privateLinkKey?: string | undefined;
  /** The proof that the link's password was entered (x-private-link-proof). */
  readonly privateLinkProof?: string | undefined;
}

export class AccessControl {
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly sites: SiteLookup,
    private readonly privateLinks?: PrivateLinkCheck,
  ) {}

  /** The principal's effective role in an organization, or null when it has none. */
  async organizationRole(principal: Principal, organizationId: string): Promise<OrganizationRole | null> {
    if (principal.kind === 'organizationKey') return principal.organizationId === organizationId ? 'admin' : null;
    const member = await this.db
      .selectFrom('member')
      .select('role')
      .where('userId', '=', principal.userId)
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!member) return null;
    const role = member.role.split(',')[0]?.trim() ?? '';
    return isOrganizationRole(role) ? role : 'member';
  }

  /** Throws 403 unless the principal holds `requirement` in the organization. */
  async requireOrganization(principal: Principal, organizationId: string, requirement: AccessRequirement): Promise<OrganizationRole> {
    this.requireScope(principal, requirement.scope);
    const role = await this.organizationRole(principal, organizationId);
    if (!role) {
      const exists = await this.db.selectFrom('organization').select('id').where('id', '=', organizationId).executeTakeFirst();
      if (!exists) throw new NotFoundError('Organization not found');
      throw new ForbiddenError('Not a member of this organization');
    }
    if (!(await meetsTwoFactorPolicy(this.db, principal, organizationId))) throw new TwoFactorRequiredError();
    if (!roleAtLeast(role, requirement.role ?? 'member')) {
      throw new ForbiddenError(`This action needs the ${requirement.role ?? 'member'} role`);
    }
    return role;
  }

  requireScope(principal: Principal, scope: Scope): void {
    if (!principalHasScope(principal, scope)) throw new ForbiddenError(`API key lacks the ${scope} scope`, scope);
  }

  /**
   * Resolves `{site}` and checks access: no credential -> only public sites for reads (else 401);
   * a credential without access -> 403; unknown site -> 404 (only once a credential is established).
   * Where the route's audience allows outside reads, the site's private link key (`privateLinkKey`) opens it as
   * if it were public. Without a credential an unknown site and a private one answer the same 401.
   */
  async requireSite(
    principal: Principal | null,
    ref: string,
    requirement: AccessRequirement & OutsideRead,
  ): Promise<{ site: SiteRef; role: OrganizationRole | null }> {
    const site = await this.sites.findSite(ref);
    if (!principal) {
      if (site && (await this.openToAnyone(site, requirement))) return { site, role: null };
      throw new UnauthorizedError();
    }
    if (!site) throw new NotFoundError('Site not found');
    this.requireScope(principal, requirement.scope);
    const role = await this.organizationRole(principal, site.organizationId);
    if (role && !(await meetsTwoFactorPolicy(this.db, principal, site.organizationId))) {
      // A public site stays readable as it is to anyone; the organization's own access waits for two-factor.
      if (await this.openToAnyone(site, requirement)) return { site, role: null };
      throw new TwoFactorRequiredError();
    }
    if (!role || !(await this.memberSeesSite(principal, role, site))) {
      if (await this.openToAnyone(site, requirement)) return { site, role: null };
      throw new ForbiddenError('No access to this site');
    }
    if (!roleAtLeast(role, requirement.role ?? 'member')) {
      throw new ForbiddenError(`This action needs the ${requirement.role ?? 'member'} role`);
    }
    return { site, role };
  }

  /**
   * A read open beyond the organization: an aggregate route (or a people-level one of a site that opted in), of a
   * public site or with the site's own private link key.
   */
  private async openToAnyone(site: SiteRef, requirement: OutsideRead): Promise<boolean> {
    const open = requirement.audience === 'aggregate' || (requirement.audience === 'people' && site.publicPeopleData);
    if (!open) return false;
    if (site.isPublic) return true;
    const key = requirement.privateLinkKey;
    return key !== undefined && this.privateLinks !== undefined && (await this.privateLinks.opens(site.siteId, key, requirement.privateLinkProof));
  }

  /** Members and viewers restricted by a team or directly see only their allowed sites; admins and owners see all (with two-factor where required). */
  async memberSeesSite(principal: Principal, role: OrganizationRole, site: SiteRef): Promise<boolean> {
    // Site lists leave out an organization whose two-factor policy the person does not meet yet.
    if (!(await meetsTwoFactorPolicy(this.db, principal, site.organizationId))) return false;
    if (!siteAccessCanBeRestricted(role) || principal.kind === 'organizationKey') return true;
    const allowed = await allowedSiteIds(this.db, principal.userId, site.organizationId);
    return allowed === null || allowed.has(site.siteId);
  }
}
