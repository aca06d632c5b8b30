// The organization sign-in policy "members must use two-factor authentication", checked wherever an
// organization's API decides access (access-control.ts). Organization API keys are not people: never refused.
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { AppError } from './app-errors.js';
import type { Principal } from './principal.js';

/** The `code` of the 403 a member without two-factor authentication receives; the dashboard recognises it. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

export class TwoFactorRequiredError extends AppError {
  constructor() {
    super(
      403,
      'This organization requires two-factor authentication: turn it on for your account (Account > Security, or POST /api/auth/two-factor/enable) and sign in again',
      { code: TWO_FACTOR_REQUIRED },
    );
  }
}

/** Whether the organization requires two-factor authentication of its members (false when it set no policy). */
export async function organizationRequiresTwoFactor(db: Kysely<MetadataDatabase>, organizationId: string): Promise<boolean> {
  const policy = await db
    .selectFrom('organization_sign_in_policies')
    .select('require_two_factor')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Boolean(policy?.require_two_factor);
}

export async function userHasTwoFactor(db: Kysely<MetadataDatabase>, userId: string): Promise<boolean> {
  const user = await db.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.twoFactorEnabled);
}

/** False when the principal is a person (session or personal key) without two-factor in an organization that requires it. */
export async function meetsTwoFactorPolicy(db: Kysely<MetadataDatabase>, principal: Principal, organizationId: string): Promise<boolean> {
  if (principal.kind === 'organizationKey') return true;
  if (!(await organizationRequiresTwoFactor(db, organizationId))) return true;
  return userHasTwoFactor(db, principal.userId);
}
