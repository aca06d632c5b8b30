// Test client actions over HTTP: sign up, create organizations, sites and keys, call with a cookie or key.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const ORIGIN = 'http://localhost:3001';

export interface Credential {
  readonly cookie?: string;
  readonly key?: string;
}

export function withCredential(credential: Credential | undefined, options: InjectOptions): InjectOptions {
  const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
  if (credential?.cookie) headers.cookie = credential.cookie;
  if (credential?.key) headers.authorization = `Bearer ${credential.key}`;
  if (options.method && options.method !== 'GET') headers.origin ??= ORIGIN;
  return { ...options, headers };
}

export async function call(app: FastifyInstance, credential: Credential | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject(withCredential(credential, options));
}

function sessionCookie(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const session = cookies.find((cookie) => cookie.startsWith('better-auth.session_token='));
  if (!session) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return session.split(';')[0] ?? '';
}

export async function signUp(app: FastifyInstance, email: string, password = 'correct-horse-9'): Promise<{ cookie: string; userId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { email, password, name: email.split('@')[0] ?? email },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed ${response.statusCode}: ${response.body}`);
  return { cookie: sessionCookie(response), userId: (response.json() as { user: { id: string } }).user.id };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });
}

export function cookieOf(response: LightMyRequestResponse): string {
  return sessionCookie(response);
}

export async function createOrganization(app: FastifyInstance, cookie: string, slug: string): Promise<string> {
  const response = await call(app, { cookie }, { method: 'POST', url: '/api/auth/organization/create', payload: { name: slug, slug } });
  if (response.statusCode !== 200) throw new Error(`org create failed ${response.statusCode}: ${response.body}`);
  return (response.json() as { id: string }).id;
}

export async function createSite(app: FastifyInstance, credential: Credential, organizationId: string, body: Record<string, unknown>) {
  const response = await call(app, credential, { method: 'POST', url: `/api/organizations/${organizationId}/sites`, payload: body });
  if (response.statusCode !== 200) throw new Error(`site create failed ${response.statusCode}: ${response.body}`);
  return response.json() as { siteId: number; id: string; domain: string; organizationId: string };
}

export async function createOrganizationKey(app: FastifyInstance, credential: Credential, organizationId: string, body: Record<string, unknown> = { name: 'test' }) {
  const response = await call(app, credential, { method: 'POST', url: `/api/organizations/${organizationId}/api-keys`, payload: body });
  if (response.statusCode !== 200) throw new Error(`key create failed ${response.statusCode}: ${response.body}`);
  return response.json() as { id: string; key: string };
}

/** The `invitationId` parameter of an invitation link: "<id>.<token>", what accept-invitation needs. */
export function invitationReferenceOf(inviteLink: string): string {
  const reference = new URL(inviteLink).searchParams.get('invitationId');
  if (!reference) throw new Error(`no invitationId in ${inviteLink}`);
  return reference;
}

/** Invites `email` through Loupe's route (as `inviter`) and accepts with the link, signed in as `invitee`; returns the accept answer. */
export async function inviteAndAccept(
  app: FastifyInstance, inviter: Credential, invitee: Credential, organizationId: string, email: string, role: 'viewer' | 'member' | 'admin' | 'owner' = 'member',
): Promise<LightMyRequestResponse> {
  const invite = await call(app, inviter, { method: 'POST', url: `/api/organizations/${organizationId}/invitations`, payload: { email, role } });
  if (invite.statusCode !== 200) throw new Error(`invitation failed ${invite.statusCode}: ${invite.body}`);
  const { inviteLink } = invite.json() as { inviteLink: string };
  return call(app, invitee, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: invitationReferenceOf(inviteLink) } });
}
