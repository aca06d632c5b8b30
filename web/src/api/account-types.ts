// The API shapes of the account pages (settings, security, password reset, address verification). Loupe's session
// list comes from schema.d.ts; better-auth's account routes declare no response schema, so their narrow types (the
// fields used) are written here, each naming its route.
import type { GetResponse, PostBody } from './types';

/** GET /api/account/sessions: one session of the signed-in account. */
export type AccountSession = GetResponse<'/api/account/sessions'>['sessions'][number];

export type ChangePasswordBody = PostBody<'/api/auth/change-password'>;
export type ResetPasswordBody = PostBody<'/api/auth/reset-password'>;

/** better-auth's POST /api/auth/request-password-reset: the same answer whether or not the address has an account. */
export interface PasswordResetRequested { status: boolean; message: string }
/** better-auth's GET /api/auth/verify-email: `status` true once the address (or the new address) is confirmed. */
export interface EmailVerified { status: boolean }
/** better-auth's POST answers of the account routes used here (send-verification-email, change-email, update-user, reset-password, revoke-other-sessions). */
export interface AuthStatus { status: boolean }
