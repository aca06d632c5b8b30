// better-auth's options for the account's emails: address verification (after sign-up, on request, and for the new
// address of a change) and password reset by email, each handed to Loupe's mail callbacks. Without them (no SMTP)
// those flows answer better-auth's own 400 ("isn't enabled") and the dashboard does not offer them.
import type { BetterAuthOptions } from 'better-auth';

/** How long a verification link (a signed token, nothing stored) stays valid. */
export const VERIFY_EMAIL_SECONDS = 24 * 3600;
/** How long a password-reset link (a random token stored in the `verification` table, used once) stays valid. */
export const RESET_PASSWORD_SECONDS = 3600;

export interface AddressNotice {
  /** Where the mail goes: the account's address, or the new address of a change. */
  readonly email: string;
  /** The secret of the link. */
  readonly token: string;
  /** True when the mail confirms a change of address (sent to the new one). */
  readonly newAddress: boolean;
}

export interface ResetNotice {
  readonly email: string;
  readonly token: string;
}

/**
 * The account's mails. Both calls return at once: the mail is sent in the background, so an answer (a reset request
 * for an unknown address above all) takes the same time whether or not a mail goes out, and an SMTP failure is logged
 * rather than shown to the caller.
 */
export interface AccountMail {
  verifyAddress(notice: AddressNotice): void;
  resetPassword(notice: ResetNotice): void;
}

/** True when a verification token (better-auth's signed JWT) confirms a change of address (it names `updateTo`). */
export function confirmsAddressChange(token: string): boolean {
  const payload = token.split('.')[1];
  if (payload === undefined) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return typeof claims === 'object' && claims !== null && typeof (claims as { updateTo?: unknown }).updateTo === 'string';
  } catch {
    return false;
  }
}

type EmailVerificationOptions = NonNullable<BetterAuthOptions['emailVerification']>;
type PasswordResetOptions = Pick<NonNullable<BetterAuthOptions['emailAndPassword']>, 'sendResetPassword' | 'resetPasswordTokenExpiresIn' | 'revokeSessionsOnPasswordReset'>;

/** Verification mails on sign-up and on request; none (and no resend) without a mailer. */
export function emailVerificationOptions(mail: AccountMail | undefined): EmailVerificationOptions {
  if (!mail) return { sendOnSignUp: false };
  return {
    sendOnSignUp: true,
    expiresIn: VERIFY_EMAIL_SECONDS,
    sendVerificationEmail: async ({ user, token }) => {
      mail.verifyAddress({ email: user.email, token, newAddress: confirmsAddressChange(token) });
    },
  };
}

/** Reset by email when a mailer exists; a reset always ends every session of the account. */
export function passwordResetOptions(mail: AccountMail | undefined): PasswordResetOptions {
  return {
    revokeSessionsOnPasswordReset: true,
    resetPasswordTokenExpiresIn: RESET_PASSWORD_SECONDS,
    ...(mail ? { sendResetPassword: async ({ user, token }) => mail.resetPassword({ email: user.email, token }) } : {}),
  };
}
