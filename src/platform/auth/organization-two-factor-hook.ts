// better-auth's own organization endpoints (/api/auth/organization/*) follow the organization's sign-in policy
// too: a person without two-factor is refused there as on Loupe's routes (platform/http/two-factor-policy.ts).
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { organizationRequiresTwoFactor, TWO_FACTOR_REQUIRED, TwoFactorRequiredError } from '../http/two-factor-policy.js';

/** Calls that act on no organization yet, or that a person needs before being a member. */
const OUTSIDE_AN_ORGANIZATION = new Set([
  '/organization/create', '/organization/list', '/organization/check-slug', '/organization/set-active',
  '/organization/accept-invitation', '/organization/reject-invitation', '/organization/get-invitation', '/organization/list-user-invitations',
]);

function organizationIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { organizationId?: unknown }).organizationId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The context better-auth hands a `before` hook. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Part of better-auth's `before` hook (create-auth.ts): refuses an organization call the organization's policy forbids. */
export async function enforceOrganizationTwoFactor(db: Kysely<MetadataDatabase>, ctx: AuthHookContext): Promise<void> {
  if (!ctx.path.startsWith('/organization/') || OUTSIDE_AN_ORGANIZATION.has(ctx.path)) return;
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const organizationId = organizationIdOf(ctx.body) ?? organizationIdOf(ctx.query) ?? (session.session as { activeOrganizationId?: unknown }).activeOrganizationId;
  if (typeof organizationId !== 'string' || !(await organizationRequiresTwoFactor(db, organizationId))) return;
  if ((session.user as { twoFactorEnabled?: unknown }).twoFactorEnabled) return;
  throw new APIError('FORBIDDEN', { message: new TwoFactorRequiredError().message, code: TWO_FACTOR_REQUIRED });
}
