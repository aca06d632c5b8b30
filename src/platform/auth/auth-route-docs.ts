// The better-auth endpoints that clients of this API use, registered explicitly so OpenAPI lists them.
import { z } from 'zod';
import { COOKIE_ONLY } from '../http/route-docs.js';
import type { DocumentedAuthRoute } from './documented-auth-route.js';
import { SIGN_IN_SECURITY_AUTH_ROUTES } from './sign-in-security-endpoints.js';

export type { DocumentedAuthRoute } from './documented-auth-route.js';

const PUBLIC: ReadonlyArray<Record<string, string[]>> = [{}];

export const DOCUMENTED_AUTH_ROUTES: readonly DocumentedAuthRoute[] = [
  {
    method: 'POST', url: '/api/auth/sign-up/email', tag: 'General', security: PUBLIC,
    summary: 'Create an account with email and password; sets the session cookie (needs an Origin header matching BASE_URL). The first account of an instance, then (unless DISABLE_SIGNUP=false) only with invitationId: an invitation link\'s "<id>.<token>", for the invited address',
    body: z.object({
      email: z.string(), password: z.string(), name: z.string(),
      invitationId: z.string().optional().describe('The invitation link\'s invitationId parameter ("<id>.<token>"): lets the invited address sign up when sign-up is closed'),
    }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/sign-in/email', tag: 'General', security: PUBLIC,
    summary: 'Sign in with email and password; sets the session cookie',
    body: z.object({ email: z.string(), password: z.string() }).passthrough(),
  },
  { method: 'POST', url: '/api/auth/sign-out', tag: 'General', security: COOKIE_ONLY, summary: 'End the session' },
  { method: 'GET', url: '/api/auth/get-session', tag: 'General', security: COOKIE_ONLY, summary: 'The current session and user' },
  {
    method: 'POST', url: '/api/auth/organization/create', tag: 'Organizations', security: COOKIE_ONLY,
    summary: 'Create an organization; the caller becomes its owner',
    body: z.object({ name: z.string(), slug: z.string() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/organization/invite-member', tag: 'Organizations', security: COOKIE_ONLY,
    summary: 'Invite someone by email (admin); emailed with its link when SMTP_URL is set. POST /api/organizations/{organizationId}/invitations does the same with any credential and returns the link',
    body: z.object({ email: z.string(), role: z.string(), organizationId: z.string().optional(), teamId: z.string().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/organization/accept-invitation', tag: 'Organizations', security: COOKIE_ONLY,
    summary: 'Accept an invitation, signed in with the invited address: joins the organization (and the invitation\'s team). Needs the link\'s "<id>.<token>" (or the id with token): the id alone is refused',
    body: z.object({ invitationId: z.string(), token: z.string().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/organization/update-member-role', tag: 'Organizations', security: COOKIE_ONLY,
    summary: "Change a member's role (admin; owner for the owner role)",
    body: z.object({ memberId: z.string(), role: z.string(), organizationId: z.string().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/organization/remove-member', tag: 'Organizations', security: COOKIE_ONLY,
    summary: 'Remove a member by member id or email (admin)',
    body: z.object({ memberIdOrEmail: z.string(), organizationId: z.string().optional() }).passthrough(),
  },
  // The account: its address (verification, change), its password (change, reset by email), its name, its sessions.
  {
    method: 'POST', url: '/api/auth/send-verification-email', tag: 'General', security: PUBLIC,
    summary: "Send the address verification mail again (needs SMTP_URL). Signed in: the account's own unverified address only (400 otherwise). Signed out: answers the same, after the same delay, whether or not the address has an unverified account",
    body: z.object({ email: z.string() }).passthrough(),
  },
  {
    method: 'GET', url: '/api/auth/verify-email', tag: 'General', security: PUBLIC,
    summary: "Confirm an address with ?token= from a verification mail (the dashboard's /verify-email page calls it): marks the address verified, or, for a change of address, makes the new address the account's and signs the browser in. 401 with code INVALID_TOKEN or TOKEN_EXPIRED for a bad or expired token",
  },
  {
    method: 'POST', url: '/api/auth/request-password-reset', tag: 'General', security: PUBLIC,
    summary: "Mail a password-reset link to the address (needs SMTP_URL); answers the same whether or not an account uses it. The link opens the dashboard's /reset-password page and is valid for an hour",
    body: z.object({ email: z.string() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/reset-password', tag: 'General', security: PUBLIC,
    summary: 'Set a new password with the token of a reset mail (once); ends every session of the account. 400 with code INVALID_TOKEN for a bad, used or expired token',
    body: z.object({ token: z.string(), newPassword: z.string() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/change-password', tag: 'General', security: COOKIE_ONLY,
    summary: 'Change the password; needs the current one (400 INVALID_PASSWORD otherwise). revokeOtherSessions: true signs out every other session',
    body: z.object({ currentPassword: z.string(), newPassword: z.string(), revokeOtherSessions: z.boolean().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/change-email', tag: 'General', security: COOKIE_ONLY,
    summary: 'Ask to change the address (needs SMTP_URL): a confirmation link goes to the new address, which becomes the account\'s (verified) only once the link is opened. Answers the same when the new address is already taken',
    body: z.object({ newEmail: z.string() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/update-user', tag: 'General', security: COOKIE_ONLY,
    summary: "Change the account's name",
    body: z.object({ name: z.string().min(1).max(200).optional() }).passthrough(),
  },
  { method: 'POST', url: '/api/auth/revoke-other-sessions', tag: 'General', security: COOKIE_ONLY, summary: 'Sign out every session of the account but the calling one' },
  { method: 'GET', url: '/api/auth/api-key/list', tag: 'Api Keys', security: COOKIE_ONLY, summary: 'List the keys of the account (or of ?organizationId=), without secrets: {apiKeys, total}' },
  {
    method: 'POST', url: '/api/auth/api-key/update', tag: 'Api Keys', security: COOKIE_ONLY,
    summary: "Update a key's name, enabled state or expiry",
    body: z.object({ keyId: z.string(), name: z.string().optional(), enabled: z.boolean().optional(), expiresIn: z.number().nullable().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/api-key/delete', tag: 'Api Keys', security: COOKIE_ONLY,
    summary: 'Revoke a key by its id',
    body: z.object({ keyId: z.string() }).passthrough(),
  },
  ...SIGN_IN_SECURITY_AUTH_ROUTES,
];
