// The better-auth endpoints that clients of this API use, registered explicitly so OpenAPI lists them.
import { z } from 'zod';
import { COOKIE_ONLY } from '../http/route-docs.js';
import type { OpenApiTag } from '../http/openapi.js';

export interface DocumentedAuthRoute {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly tag: OpenApiTag;
  readonly summary: string;
  readonly security: ReadonlyArray<Record<string, string[]>>;
  readonly body?: z.ZodType;
}

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
];
