// The secret of an invitation link: issued with the invitation, stored only as its SHA-256, checked on accept
// and on an invited sign-up. The invitation's id alone (which admins list) never grants anything.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';

/** Joins an invitation id and its token in the link's `invitationId` parameter (ids and tokens never contain it). */
export const INVITATION_REFERENCE_SEPARATOR = '.';

export interface InvitationReference {
  readonly invitationId: string;
  readonly token: string | undefined;
}

/** A pending, unexpired invitation whose token was shown: who it is for. */
export interface ProvenInvitation {
  readonly id: string;
  readonly organizationId: string;
  readonly email: string;
  readonly role: string;
  readonly inviterId: string;
  readonly expiresAt: string;
}

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * `{invitationId: "<id>.<token>"}` (the link's single parameter, which the Rybbit web app's accept page sends as it
 * is) or `{invitationId: "<id>", token: "<token>"}`.
 */
export function invitationReference(invitationId: string, token: unknown): InvitationReference {
  if (typeof token === 'string' && token.length > 0) return { invitationId, token };
  const at = invitationId.indexOf(INVITATION_REFERENCE_SEPARATOR);
  if (at < 0) return { invitationId, token: undefined };
  return { invitationId: invitationId.slice(0, at), token: invitationId.slice(at + 1) };
}

export class InvitationTokens {
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new random token for the invitation; only its hash is kept. Returns the token, for the link. */
  async issue(invitationId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.deleteFrom('invitation_tokens').where('invitation_id', '=', invitationId).execute();
    await this.db.insertInto('invitation_tokens').values({ invitation_id: invitationId, token_hash: hashOf(token).toString('hex') }).execute();
    return token;
  }

  /** The invitation when the token is its own and it is still pending and unexpired; undefined otherwise. */
  async prove(reference: InvitationReference): Promise<ProvenInvitation | undefined> {
    if (reference.token === undefined || reference.token.length > 200) return undefined;
    const row = await this.db
      .selectFrom('invitation')
      .innerJoin('invitation_tokens', 'invitation_tokens.invitation_id', 'invitation.id')
      .select([
        'invitation.id', 'invitation.organizationId', 'invitation.email', 'invitation.role', 'invitation.inviterId', 'invitation.status', 'invitation.expiresAt',
        'invitation_tokens.token_hash',
      ])
      .where('invitation.id', '=', reference.invitationId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending' || new Date(row.expiresAt).getTime() <= this.now().getTime()) return undefined;
    const stored = Buffer.from(row.token_hash, 'hex');
    const shown = hashOf(reference.token);
    if (stored.length !== shown.length || !timingSafeEqual(stored, shown)) return undefined;
    return {
      id: row.id, organizationId: row.organizationId, email: row.email.toLowerCase(), role: row.role ?? 'member', inviterId: row.inviterId,
      expiresAt: new Date(row.expiresAt).toISOString(),
    };
  }
}
