// PUT /api/organizations/{org}/members/{memberId}/sites: restrict a member to chosen sites directly, or lift it.
import type { Kysely } from 'kysely';
import { siteAccessCanBeRestricted } from '../platform/auth/organization-roles.js';
import { BadRequestError, NotFoundError } from '../platform/http/app-errors.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';

export interface MemberSiteAccessChange {
  readonly hasRestrictedSiteAccess: boolean;
  readonly siteIds: readonly number[];
}

export class MemberSiteAccess {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async set(organizationId: string, memberId: string, change: MemberSiteAccessChange) {
    const member = await this.db.selectFrom('member').select(['id', 'role']).where('id', '=', memberId).where('organizationId', '=', organizationId).executeTakeFirst();
    if (!member) throw new NotFoundError('Member not found');
    if (!siteAccessCanBeRestricted(member.role)) throw new BadRequestError('Cannot restrict site access for admin or owner roles');
    const siteIds = [...new Set(change.siteIds)];
    const known = siteIds.length === 0 ? [] : await this.db.selectFrom('sites').select('site_id').where('organization_id', '=', organizationId).where('site_id', 'in', siteIds).execute();
    const invalid = siteIds.filter((id) => !known.some((row) => row.site_id === id));
    if (invalid.length > 0) throw new BadRequestError(`Invalid site IDs: ${invalid.join(', ')}. Sites must belong to this organization.`);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('member_sites').where('member_id', '=', memberId).execute();
      await tx.deleteFrom('member_site_restrictions').where('member_id', '=', memberId).execute();
      if (!change.hasRestrictedSiteAccess) return;
      await tx.insertInto('member_site_restrictions').values({ member_id: memberId }).execute();
      if (siteIds.length > 0) await tx.insertInto('member_sites').values(siteIds.map((siteId) => ({ member_id: memberId, site_id: siteId }))).execute();
    });
    const granted = await this.db
      .selectFrom('member_sites')
      .innerJoin('sites', 'sites.site_id', 'member_sites.site_id')
      .select(['sites.site_id', 'sites.name', 'sites.domain'])
      .where('member_sites.member_id', '=', memberId)
      .orderBy('sites.site_id')
      .execute();
    return {
      memberId,
      hasRestrictedSiteAccess: change.hasRestrictedSiteAccess,
      siteAccess: granted.map((row) => ({ siteId: row.site_id, name: row.name, domain: row.domain })),
    };
  }
}
