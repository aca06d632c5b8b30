// Who may create an account: the first account of an instance; an invitee with their link's token (for the
// invited address only); anyone when the operator opened sign-up (DISABLE_SIGNUP=false). No answer tells a
// registered address from an unknown one (docs/decisions/0013-invitations-need-the-link.md).
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { invitationReference, type InvitationTokens } from './invitation-tokens.js';

/** Set by the bridge (never by a client: it removes the client's copy) when the gate let an invited sign-up in. */
export const INVITED_SIGN_UP_HEADER = 'x-loupe-invited-sign-up';

export const SIGN_UP_REFUSED = { message: 'Sign-up is by invitation on this instance', code: 'SIGN_UP_BY_INVITATION' } as const;

export type SignUpDecision =
  /** Hand the sign-up (without the invitation fields) to better-auth; `invited`: set INVITED_SIGN_UP_HEADER. */
  | { readonly kind: 'forward'; readonly body: Record<string, unknown>; readonly invited: boolean }
  /** 403 SIGN_UP_REFUSED, whatever the address. */
  | { readonly kind: 'refuse' }
  /** Open sign-up, address already registered: the shape of a new account's answer, no session. */
  | { readonly kind: 'disguise'; readonly answer: DisguisedSignUp };

export interface DisguisedSignUp {
  readonly token: null;
  readonly user: { id: string; name: string; email: string; emailVerified: false; image: null; createdAt: string; updatedAt: string; twoFactorEnabled: false };
}

export async function hasAccounts(db: Kysely<MetadataDatabase>): Promise<boolean> {
  const result = await sql<{ n: number | string }>`select count(*) as n from "user"`.execute(db);
  return Number(result.rows[0]?.n ?? 0) > 0;
}

export async function decideSignUp(
  db: Kysely<MetadataDatabase>,
  tokens: InvitationTokens,
  openSignup: boolean,
  rawBody: unknown,
): Promise<SignUpDecision> {
  const { invitationId, invitationToken, ...body } = typeof rawBody === 'object' && rawBody !== null ? rawBody as Record<string, unknown> : {};
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (typeof invitationId === 'string' && invitationId.length > 0 && invitationId.length <= 300) {
    const proven = await tokens.prove(invitationReference(invitationId, invitationToken));
    return proven && proven.email === email ? { kind: 'forward', body, invited: true } : { kind: 'refuse' };
  }
  if (!(await hasAccounts(db))) return { kind: 'forward', body, invited: false };
  if (!openSignup) return { kind: 'refuse' };
  const existing = email ? await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst() : undefined;
  if (!existing) return { kind: 'forward', body, invited: false };
  const now = new Date().toISOString();
  const name = typeof body.name === 'string' ? body.name : '';
  return {
    kind: 'disguise',
    answer: { token: null, user: { id: randomId(), name, email, emailVerified: false, image: null, createdAt: now, updatedAt: now, twoFactorEnabled: false } },
  };
}

/** better-auth's id alphabet and length. */
function randomId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(32)].map((byte) => alphabet[byte % 62]).join('');
}
