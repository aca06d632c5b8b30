// The organizations and roles the operator's rules give a person the OIDC provider signed in, and applying them
// at each sign-in: a missing membership is added, a different role is replaced by the mapped one (an owner's
// never), and no membership is removed (that stays a decision made in Loupe).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { roleAtLeast } from './organization-roles.js';
import type { MappedRole, OidcSettings } from './oidc-settings.js';

/** Organization slug -> role; where several rules name one organization, the highest role wins. */
export type OrganizationTargets = ReadonlyMap<string, MappedRole>;

/** The string values of a claim (a string or an array of strings); `a.b` reads the nested claim b of a (Keycloak's realm_access.roles). */
export function claimValues(profile: Readonly<Record<string, unknown>>, claim: string | undefined): Set<string> {
  if (claim === undefined) return new Set();
  let value: unknown = profile;
  for (const key of claim.split('.')) {
    value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value === 'string') return new Set([value]);
  return new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
}

/** Email domain rules count only for an address the provider says it verified. */
function verifiedDomain(profile: Readonly<Record<string, unknown>>): string | undefined {
  const email = profile.email;
  const verified = profile.email_verified === true || profile.emailVerified === true;
  if (!verified || typeof email !== 'string' || !email.includes('@')) return undefined;
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function organizationTargets(profile: Readonly<Record<string, unknown>>, settings: Pick<OidcSettings, 'rules' | 'roleClaim'>): Map<string, MappedRole> {
  const domain = verifiedDomain(profile);
  const values = claimValues(profile, settings.roleClaim);
  const targets = new Map<string, MappedRole>();
  for (const rule of settings.rules) {
    const matches = rule.kind === 'emailDomain' ? rule.value === domain : values.has(rule.value);
    if (!matches) continue;
    const current = targets.get(rule.organizationSlug);
    if (current === undefined || !roleAtLeast(current, rule.role)) targets.set(rule.organizationSlug, rule.role);
  }
  return targets;
}

export async function applyOrganizationTargets(
  db: Kysely<MetadataDatabase>,
  userId: string,
  targets: OrganizationTargets,
  now: Date,
  warn: (message: string) => void,
): Promise<void> {
  for (const [slug, role] of targets) {
    const organization = await db.selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!organization) {
      warn(`OIDC organization rule names "${slug}", and no organization has that slug: rule skipped`);
      continue;
    }
    const member = await db
      .selectFrom('member')
      .select(['id', 'role'])
      .where('organizationId', '=', organization.id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!member) {
      await db.insertInto('member').values({ id: randomUUID(), organizationId: organization.id, userId, role, createdAt: now.toISOString() }).execute();
    } else if (member.role !== role && !member.role.split(',').map((part) => part.trim()).includes('owner')) {
      await db.updateTable('member').set({ role }).where('id', '=', member.id).execute();
    }
  }
}
