// An organization's sign-in policy: whether its members must use two-factor authentication. Only its owners
// change it, and an owner who has not turned two-factor on cannot require it (they would lock themselves out).
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { AppError } from '../platform/http/app-errors.js';
import { organizationRequiresTwoFactor, TWO_FACTOR_REQUIRED, userHasTwoFactor } from '../platform/http/two-factor-policy.js';

export interface SignInPolicy {
  readonly requireTwoFactor: boolean;
}

export class SignInPolicies {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async get(organizationId: string): Promise<SignInPolicy> {
    return { requireTwoFactor: await organizationRequiresTwoFactor(this.db, organizationId) };
  }

  /** `ownerId` is the owner making the change; requiring two-factor needs it on their own account first. */
  async set(organizationId: string, ownerId: string, policy: SignInPolicy, now: Date): Promise<SignInPolicy> {
    if (policy.requireTwoFactor && !(await userHasTwoFactor(this.db, ownerId))) {
      throw new AppError(409, 'Turn on two-factor authentication for your own account before requiring it of the organization', { code: TWO_FACTOR_REQUIRED });
    }
    const row = { organization_id: organizationId, require_two_factor: policy.requireTwoFactor ? 1 : 0, updated_at: now.toISOString() };
    await this.db
      .insertInto('organization_sign_in_policies')
      .values(row)
      .onConflict((conflict) => conflict.column('organization_id').doUpdateSet({ require_two_factor: row.require_two_factor, updated_at: row.updated_at }))
      .execute();
    return this.get(organizationId);
  }
}
