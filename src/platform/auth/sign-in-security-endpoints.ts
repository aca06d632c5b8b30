// The better-auth endpoints of two-factor authentication and of sign-in with the operator's identity provider,
// listed for OpenAPI (and for the list of /api/auth paths Loupe forwards).
import { z } from 'zod';
import { COOKIE_ONLY } from '../http/route-docs.js';
import type { DocumentedAuthRoute } from './documented-auth-route.js';

const PUBLIC: ReadonlyArray<Record<string, string[]>> = [{}];
const code = z.string().describe('the 6-digit code of the authenticator app');

export const SIGN_IN_SECURITY_AUTH_ROUTES: readonly DocumentedAuthRoute[] = [
  {
    method: 'POST', url: '/api/auth/two-factor/enable', tag: 'General', security: COOKIE_ONLY,
    summary: 'Start two-factor set-up: returns {totpURI, backupCodes} (shown once); it is on once /two-factor/verify-totp accepts a code. Password required for accounts that have one',
    body: z.object({ password: z.string().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/two-factor/verify-totp', tag: 'General', security: PUBLIC,
    summary: 'Answer the sign-in challenge (the two_factor cookie of a sign-in that answered twoFactorRedirect: true) with a code, which sets the session cookie; or, signed in, confirm the set-up',
    body: z.object({ code, trustDevice: z.boolean().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/two-factor/verify-backup-code', tag: 'General', security: PUBLIC,
    summary: 'Answer the sign-in challenge with a backup code; each code works once',
    body: z.object({ code: z.string() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/two-factor/generate-backup-codes', tag: 'General', security: COOKIE_ONLY,
    summary: 'Replace the backup codes (the old ones stop working); returns {backupCodes}',
    body: z.object({ password: z.string().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/two-factor/disable', tag: 'General', security: COOKIE_ONLY,
    summary: 'Turn two-factor authentication off (password required for accounts that have one)',
    body: z.object({ password: z.string().optional() }).passthrough(),
  },
  {
    method: 'POST', url: '/api/auth/sign-in/social', tag: 'General', security: PUBLIC,
    summary: "Start sign-in with the operator's identity provider (provider: \"oidc\", see GET /api/config): returns {url} to open",
    body: z.object({ provider: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional() }).passthrough(),
  },
];
