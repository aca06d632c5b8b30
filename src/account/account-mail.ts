// The account's emails (address verification, password reset): their links to the dashboard's pages, their text,
// and their sending in the background through the instance's mailer. No text a user typed (such as a name) goes
// into a mail: the address it is sent to may be anyone's.
import type { AccountMail, AddressNotice, ResetNotice } from '../platform/auth/account-email-options.js';
import { RESET_PASSWORD_SECONDS, VERIFY_EMAIL_SECONDS } from '../platform/auth/account-email-options.js';
import type { Mailer } from '../platform/mail/mailer.js';

export interface MailText {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** `${BASE_URL}/verify-email?token=...`: the dashboard page that confirms the address. */
export function verificationLink(baseUrl: string, token: string): string {
  const url = new URL('/verify-email', baseUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** `${BASE_URL}/reset-password?token=...`: the dashboard page that sets the new password. */
export function resetLink(baseUrl: string, token: string): string {
  const url = new URL('/reset-password', baseUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

const hours = (seconds: number) => `${Math.round(seconds / 3600)} hour${seconds === 3600 ? '' : 's'}`;

export function verificationEmail(baseUrl: string, notice: AddressNotice): MailText {
  const link = verificationLink(baseUrl, notice.token);
  const lines = notice.newAddress
    ? [`A Loupe account at ${new URL(baseUrl).host} asked to use ${notice.email} as its address.`, '', 'To confirm the change, open:']
    : [`A Loupe account at ${new URL(baseUrl).host} was created with ${notice.email}.`, '', 'To confirm that this address is yours, open:'];
  return {
    to: notice.email,
    subject: notice.newAddress ? 'Confirm your new email address for Loupe' : 'Verify your email address for Loupe',
    text: [...lines, link, '', `The link is valid for ${hours(VERIFY_EMAIL_SECONDS)}. If you did not ask for this, ignore this mail.`].join('\n'),
  };
}

export function resetEmail(baseUrl: string, notice: ResetNotice): MailText {
  return {
    to: notice.email,
    subject: 'Reset your Loupe password',
    text: [
      `Someone asked to reset the password of the Loupe account for ${notice.email} at ${new URL(baseUrl).host}.`,
      '',
      'To choose a new password, open:',
      resetLink(baseUrl, notice.token),
      '',
      `The link is valid for ${hours(RESET_PASSWORD_SECONDS)} and works once; setting a new password signs the account out everywhere.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** The account mail of an instance with a mailer (undefined without one); failures go to `log`, never to the caller. */
export function createAccountMail(
  mailer: Mailer | undefined,
  baseUrl: string,
  log: (message: string, detail: string) => void,
): AccountMail | undefined {
  if (!mailer) return undefined;
  const sendLater = (kind: string, message: MailText) => {
    void mailer.send(message).catch((error: unknown) => log(`${kind} email could not be sent`, error instanceof Error ? error.message : String(error)));
  };
  return {
    verifyAddress: (notice) => sendLater('Verification', verificationEmail(baseUrl, notice)),
    resetPassword: (notice) => sendLater('Password reset', resetEmail(baseUrl, notice)),
  };
}
