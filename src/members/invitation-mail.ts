// The invitation link (the page the dashboard opens to accept) and the email that carries it.
import type { InvitationCreated } from '../platform/auth/create-auth.js';
import { INVITATION_REFERENCE_SEPARATOR } from '../platform/auth/invitation-tokens.js';
import type { Mailer } from '../platform/mail/mailer.js';

/** What better-auth tells Loupe of a new invitation (the auth platform's own shape). */
export type InvitationNotice = InvitationCreated;

/**
 * `${BASE_URL}/invitation?invitationId=<id>.<token>&organization=...&inviterEmail=...`: the accept page of Loupe's
 * dashboard and of the Rybbit web app (which sends `invitationId` as it is to accept-invitation). The token after
 * the dot is the proof that the holder received this email; the id alone grants nothing.
 */
export function invitationLink(baseUrl: string, notice: Pick<InvitationNotice, 'id' | 'token' | 'organizationName' | 'inviterEmail'>): string {
  const url = new URL('/invitation', baseUrl);
  url.searchParams.set('invitationId', `${notice.id}${INVITATION_REFERENCE_SEPARATOR}${notice.token}`);
  url.searchParams.set('organization', notice.organizationName);
  url.searchParams.set('inviterEmail', notice.inviterEmail);
  return url.toString();
}

export function invitationEmail(baseUrl: string, notice: InvitationNotice): { to: string; subject: string; text: string } {
  const link = invitationLink(baseUrl, notice);
  return {
    to: notice.email,
    subject: `Join ${notice.organizationName} on Loupe`,
    text: [
      `${notice.inviterEmail} invited you to join ${notice.organizationName} on Loupe as ${notice.role}.`,
      '',
      `Open this link to accept it (there you create your account with ${notice.email}, or sign in to it):`,
      link,
      '',
      `The invitation expires on ${notice.expiresAt}.`,
    ].join('\n'),
  };
}

/** Sends the invitation email when a mailer is configured; returns whether it was accepted by the SMTP server. */
export async function sendInvitationEmail(
  mailer: Mailer | undefined,
  baseUrl: string,
  notice: InvitationNotice,
  log: (message: string, error: unknown) => void,
): Promise<boolean> {
  if (!mailer) return false;
  try {
    await mailer.send(invitationEmail(baseUrl, notice));
    return true;
  } catch (error) {
    log('Invitation email could not be sent', error instanceof Error ? error.message : String(error));
    return false;
  }
}
