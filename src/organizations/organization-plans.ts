// The plan of each organization (free unless the operator set it), read by paid-only features and written
// only by the operator's command line: no HTTP route writes it.
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';

export const PLANS = ['free', 'paid'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export class OrganizationPlans {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  /** The organization's plan; `free` when the operator never set one. */
  async planOf(organizationId: string): Promise<Plan> {
    const row = await this.db.selectFrom('organization_plans').select('plan').where('organization_id', '=', organizationId).executeTakeFirst();
    return row && isPlan(row.plan) ? row.plan : 'free';
  }

  /** Sets the plan of an existing organization; false when there is no organization with that id. */
  async setPlan(organizationId: string, plan: Plan, now: Date = new Date()): Promise<boolean> {
    if (!(await this.exists(organizationId))) return false;
    const updatedAt = now.toISOString();
    await this.db
      .insertInto('organization_plans')
      .values({ organization_id: organizationId, plan, updated_at: updatedAt })
      .onConflict((conflict) => conflict.column('organization_id').doUpdateSet({ plan, updated_at: updatedAt }))
      .execute();
    return true;
  }

  async exists(organizationId: string): Promise<boolean> {
    return (await this.db.selectFrom('organization').select('id').where('id', '=', organizationId).executeTakeFirst()) !== undefined;
  }
}
