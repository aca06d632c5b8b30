// Pending invitations (their ids) are shown to the organization's admins and owners only: better-auth shows them
// to every member through list-invitations and get-full-organization.
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';

export const INVITATIONS_HIDDEN = { message: 'Only admins and owners of the organization see its invitations', code: 'INVITATIONS_ADMIN_ONLY' } as const;

function managesInvitations(role: string | undefined): boolean {
  return role !== undefined && role.split(',').map((part) => part.trim()).some((part) => part === 'admin' || part === 'owner');
}

/** Whether the user is an admin or owner of the organization. */
export async function seesInvitations(db: Kysely<MetadataDatabase>, userId: string, organizationId: string): Promise<boolean> {
  const member = await db.selectFrom('member').select('role').where('userId', '=', userId).where('organizationId', '=', organizationId).executeTakeFirst();
  return managesInvitations(member?.role);
}

/** get-full-organization's answer for a caller who is not an admin or owner: the same, with no invitations. */
export function withoutInvitations(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null || !('invitations' in parsed)) return text;
  return JSON.stringify({ ...parsed, invitations: [] });
}

/** The organization of get-full-organization's answer (its `id`), if any. */
export function organizationIdOf(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'string' ? parsed.id : undefined;
  } catch {
    return undefined;
  }
}
