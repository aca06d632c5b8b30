// Reads organizations and memberships from the metadata store (better-auth writes them).
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { Principal } from '../platform/http/principal.js';
import { isoTime } from '../platform/metadata-store/iso-time.js';

export interface OrganizationSummary {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly role: string;
  readonly createdAt: string;
}

/** An organization as Rybbit's dashboard reads it (better-auth's columns). */
export interface OrganizationRecord {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly logo: string | null;
  readonly createdAt: string;
  readonly metadata: string | null;
}

export class OrganizationDirectory {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async listFor(principal: Principal): Promise<OrganizationSummary[]> {
    if (principal.kind === 'organizationKey') {
      const org = await this.db.selectFrom('organization').selectAll().where('id', '=', principal.organizationId).executeTakeFirst();
      return org ? [{ id: org.id, name: org.name, slug: org.slug, role: 'admin', createdAt: isoTime(org.createdAt) }] : [];
    }
    const rows = await this.db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id', 'organization.name', 'organization.slug', 'organization.createdAt', 'member.role'])
      .where('member.userId', '=', principal.userId)
      .orderBy('organization.createdAt')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, role: row.role, createdAt: isoTime(row.createdAt) }));
  }

  /** The caller's organizations with their logo and metadata, and the caller's role in each. */
  async recordsFor(principal: Principal): Promise<Array<OrganizationRecord & { readonly role: string }>> {
    const summaries = await this.listFor(principal);
    const records = await Promise.all(summaries.map(async (summary) => ({ record: await this.find(summary.id), role: summary.role })));
    return records.flatMap(({ record, role }) => (record ? [{ ...record, role }] : []));
  }

  async find(organizationId: string): Promise<OrganizationRecord | null> {
    const org = await this.db.selectFrom('organization').selectAll().where('id', '=', organizationId).executeTakeFirst();
    if (!org) return null;
    return { id: org.id, name: org.name, slug: org.slug, logo: org.logo ?? null, createdAt: isoTime(org.createdAt), metadata: org.metadata ?? null };
  }

  /** A user allowed to act for the organization (an owner, else an admin): organization keys act through it. */
  async actingUserId(organizationId: string): Promise<string | undefined> {
    const rows = await this.db.selectFrom('member').select(['userId', 'role']).where('organizationId', '=', organizationId).execute();
    return (rows.find((row) => row.role === 'owner') ?? rows.find((row) => row.role === 'admin'))?.userId;
  }
}
