// The better-auth endpoints Loupe serves under /api/auth: every other better-auth endpoint answers 404.
// Add a line when a feature needs one more (and a test that calls it); never a wildcard.

export interface ForwardedAuthEndpoint {
  readonly method: 'GET' | 'POST';
  /** Fastify route path (`:name` for a path parameter). */
  readonly url: string;
  /** Who calls it: Loupe's dashboard, the Rybbit web app (docs/rybbit-compatibility.md), the CLI, API clients. */
  readonly usedBy: string;
}

export const FORWARDED_AUTH_ENDPOINTS: readonly ForwardedAuthEndpoint[] = [
  // Accounts and sessions
  { method: 'POST', url: '/api/auth/sign-up/email', usedBy: 'dashboard, web app, CLI bootstrap (gated: sign-up-gate.ts)' },
  { method: 'POST', url: '/api/auth/sign-in/email', usedBy: 'dashboard, web app, CLI' },
  { method: 'POST', url: '/api/auth/sign-out', usedBy: 'dashboard, web app' },
  { method: 'GET', url: '/api/auth/get-session', usedBy: 'dashboard, web app' },
  { method: 'POST', url: '/api/auth/update-user', usedBy: 'web app (account name)' },
  { method: 'POST', url: '/api/auth/change-password', usedBy: 'web app (account)' },
  { method: 'POST', url: '/api/auth/change-email', usedBy: 'dashboard, web app (account: confirmed on the new address)' },
  { method: 'GET', url: '/api/auth/reset-password/:token', usedBy: 'password-reset link callback (checks callbackURL)' },
  { method: 'POST', url: '/api/auth/request-password-reset', usedBy: 'dashboard (forgot password; same answer for every address)' },
  { method: 'POST', url: '/api/auth/reset-password', usedBy: 'dashboard (the reset mail\'s page)' },
  { method: 'POST', url: '/api/auth/send-verification-email', usedBy: 'dashboard (resend the verification mail)' },
  { method: 'GET', url: '/api/auth/verify-email', usedBy: 'the verification and change-of-address mails\' links' },
  { method: 'POST', url: '/api/auth/revoke-other-sessions', usedBy: 'dashboard (account security: sign out the other sessions)' },
  // Two-factor authentication and the operator's identity provider (sign-in-security-endpoints.ts)
  { method: 'POST', url: '/api/auth/two-factor/enable', usedBy: 'dashboard (account security)' },
  { method: 'POST', url: '/api/auth/two-factor/verify-totp', usedBy: 'dashboard (sign-in challenge, set-up confirmation)' },
  { method: 'POST', url: '/api/auth/two-factor/verify-backup-code', usedBy: 'dashboard (sign-in challenge)' },
  { method: 'POST', url: '/api/auth/two-factor/generate-backup-codes', usedBy: 'dashboard (account security)' },
  { method: 'POST', url: '/api/auth/two-factor/disable', usedBy: 'dashboard (account security)' },
  { method: 'POST', url: '/api/auth/sign-in/social', usedBy: 'dashboard (sign in with the identity provider)' },
  { method: 'GET', url: '/api/auth/callback/:id', usedBy: "the identity provider's redirect back (OIDC_*)" },
  // Organizations
  { method: 'POST', url: '/api/auth/organization/create', usedBy: 'dashboard, web app, CLI bootstrap' },
  { method: 'POST', url: '/api/auth/organization/update', usedBy: 'web app (rename)' },
  { method: 'POST', url: '/api/auth/organization/delete', usedBy: 'web app' },
  { method: 'POST', url: '/api/auth/organization/set-active', usedBy: 'web app (organization switcher)' },
  { method: 'GET', url: '/api/auth/organization/get-full-organization', usedBy: 'web app (invitations only for admins: invitation-visibility.ts)' },
  { method: 'POST', url: '/api/auth/organization/invite-member', usedBy: 'web app' },
  { method: 'GET', url: '/api/auth/organization/list-invitations', usedBy: 'web app (admins only: invitation-visibility.ts)' },
  { method: 'POST', url: '/api/auth/organization/cancel-invitation', usedBy: 'web app' },
  { method: 'POST', url: '/api/auth/organization/accept-invitation', usedBy: 'dashboard, web app (needs the link token: invitation-tokens.ts)' },
  { method: 'POST', url: '/api/auth/organization/update-member-role', usedBy: 'web app' },
  { method: 'POST', url: '/api/auth/organization/remove-member', usedBy: 'web app' },
  { method: 'POST', url: '/api/auth/organization/leave', usedBy: 'web app' },
  // API keys (creation is POST /api/user/api-keys and /api/organizations/{org}/api-keys)
  { method: 'GET', url: '/api/auth/api-key/list', usedBy: 'dashboard, web app' },
  { method: 'POST', url: '/api/auth/api-key/update', usedBy: 'dashboard, API clients' },
  { method: 'POST', url: '/api/auth/api-key/delete', usedBy: 'dashboard, web app' },
];
