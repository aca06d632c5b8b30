// Replays the review's attacks on invitations and sign-up (issue 32, findings 1, 3 and 6) over HTTP against
// the real stores: a member taking an admin invitation, adding people without consent, telling registered
// addresses from unknown ones, and sign-up by invitation once the instance has its first account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, invitationReferenceOf, inviteAndAccept, ORIGIN, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

type User = { cookie: string; userId: string };

function signUpCall(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload: { password: 'correct-horse-9', name: 'x', ...body } });
}

function cookieFrom(response: { headers: Record<string, unknown> }): string | undefined {
  const raw = response.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  return cookies.find((cookie) => cookie.startsWith('better-auth.session_token='))?.split(';')[0];
}

describe.each(await metadataBackends())('invitations and sign-up (%s)', (backend) => {
  describe('finding 1: a member cannot take a pending invitation', () => {
    let t: TestApp;
    let owner: User;
    let member: User;
    let org: string;
    let invitationId: string;

    beforeAll(async () => {
      t = await createTestApp({ backend });
      owner = await signUp(t.app, 'owner@example.com');
      org = await createOrganization(t.app, owner.cookie, 'acme');
      member = await signUp(t.app, 'member@example.com');
      expect((await inviteAndAccept(t.app, owner, member, org, 'member@example.com')).statusCode).toBe(200);
      const invite = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: { email: 'boss@example.com', role: 'admin' } });
      expect(invite.statusCode).toBe(200);
      invitationId = (invite.json() as { id: string }).id;
    });
    afterAll(async () => t.close());

    it('does not show a member the pending invitations (list-invitations 403, get-full-organization without them)', async () => {
      const listed = await call(t.app, member, { method: 'GET', url: `/api/auth/organization/list-invitations?organizationId=${org}` });
      expect(listed.statusCode).toBe(403);
      expect(listed.body).not.toContain(invitationId);
      const full = await call(t.app, member, { method: 'GET', url: `/api/auth/organization/get-full-organization?organizationId=${org}` });
      expect(full.statusCode).toBe(200);
      expect((full.json() as { invitations: unknown[] }).invitations).toEqual([]);
      expect(full.body).not.toContain(invitationId);
    });

    it('still shows them to the owner', async () => {
      const listed = await call(t.app, owner, { method: 'GET', url: `/api/auth/organization/list-invitations?organizationId=${org}` });
      expect(listed.statusCode).toBe(200);
      type Listed = Array<{ id: string; email: string; role: string; status: string }>;
      const pending = (invitations: Listed) => invitations.filter((i) => i.status === 'pending').map((i) => [i.id, i.email, i.role]);
      expect(pending(listed.json() as Listed)).toEqual([[invitationId, 'boss@example.com', 'admin']]);
      const full = await call(t.app, owner, { method: 'GET', url: `/api/auth/organization/get-full-organization?organizationId=${org}` });
      expect(pending((full.json() as { invitations: Listed }).invitations)).toEqual([[invitationId, 'boss@example.com', 'admin']]);
    });

    it('refuses an accept that shows the id without the link token, even signed in with the invited address', async () => {
      const squatter = await signUp(t.app, 'boss@example.com');
      const accepted = await call(t.app, squatter, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId } });
      expect(accepted.statusCode).toBe(403);
      const wrongToken = await call(t.app, squatter, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: `${invitationId}.guessed` } });
      expect(wrongToken.statusCode).toBe(403);
      const members = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/members` });
      expect((members.json() as { data: Array<{ user: { email: string }; role: string }> }).data.map((m) => [m.user.email, m.role]))
        .toEqual([['owner@example.com', 'owner'], ['member@example.com', 'member']]);
    });

    it.each([
      ['GET', '/api/auth/organization/list-user-invitations'],
      ['GET', '/api/auth/organization/get-invitation?id=x'],
      ['POST', '/api/auth/organization/reject-invitation'],
      ['POST', '/api/auth/organization/add-member'],
      ['POST', '/api/auth/organization/create-team'],
      ['POST', '/api/auth/organization/add-team-member'],
      ['GET', '/api/auth/organization/list'],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/ok'],
    ] as const)('does not serve better-auth endpoints Loupe does not use: %s %s is 404', async (method, url) => {
      const res = await call(t.app, member, { method, url, ...(method === 'POST' ? { payload: { organizationId: org, invitationId } } : {}) });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('finding 3: adding someone is an invitation, and no answer tells registered addresses apart', () => {
    let t: TestApp;
    let attacker: User;
    let victim: User;
    let org: string;

    beforeAll(async () => {
      t = await createTestApp({ backend });
      attacker = await signUp(t.app, 'attacker@example.com');
      org = await createOrganization(t.app, attacker.cookie, 'trap');
      victim = await signUp(t.app, 'victim@example.com');
    });
    afterAll(async () => t.close());

    it('does not make a registered account a member without its consent; the answer is the same for an unknown address', async () => {
      const registered = await call(t.app, attacker, { method: 'POST', url: `/api/organizations/${org}/members`, payload: { email: 'victim@example.com', role: 'admin' } });
      const unknown = await call(t.app, attacker, { method: 'POST', url: `/api/organizations/${org}/members`, payload: { email: 'nobody@example.com', role: 'admin' } });
      expect([registered.statusCode, unknown.statusCode]).toEqual([200, 200]);
      const shape = (body: Record<string, unknown>) => ({ ...body, invitationId: typeof body.invitationId, inviteLink: typeof body.inviteLink });
      expect(shape(registered.json())).toEqual(shape(unknown.json()));
      expect(registered.json()).toMatchObject({ message: 'Invitation sent: they join when they accept it', emailSent: false });
      const members = await call(t.app, attacker, { method: 'GET', url: `/api/organizations/${org}/members` });
      expect((members.json() as { data: Array<{ user: { email: string } }> }).data.map((m) => m.user.email)).toEqual(['attacker@example.com']);
      const victimsOrganizations = await call(t.app, victim, { method: 'GET', url: '/api/organizations' });
      expect(victimsOrganizations.body).not.toContain(org);
    });

    it('joins only when the person accepts with the link', async () => {
      const added = await call(t.app, attacker, { method: 'POST', url: `/api/organizations/${org}/members`, payload: { email: 'friend@example.com', role: 'member' } });
      const friend = await signUp(t.app, 'friend@example.com');
      const accepted = await call(t.app, friend, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: invitationReferenceOf((added.json() as { inviteLink: string }).inviteLink) } });
      expect(accepted.statusCode).toBe(200);
      const members = await call(t.app, attacker, { method: 'GET', url: `/api/organizations/${org}/members` });
      expect((members.json() as { data: Array<{ user: { email: string }; role: string }> }).data.map((m) => [m.user.email, m.role]))
        .toEqual([['attacker@example.com', 'owner'], ['friend@example.com', 'member']]);
    });

    it('with sign-up open, answers a registered address in the shape of a new account (200, no session)', async () => {
      const registered = await signUpCall(t, { email: 'victim@example.com' });
      const fresh = await signUpCall(t, { email: 'newcomer@example.com' });
      expect([registered.statusCode, fresh.statusCode]).toEqual([200, 200]);
      const shape = (body: { token: unknown; user: Record<string, unknown> }) => Object.keys(body.user).sort();
      expect(shape(registered.json())).toEqual(shape(fresh.json()));
      expect(registered.json()).toMatchObject({ token: null, user: { email: 'victim@example.com', name: 'x', emailVerified: false } });
      expect((registered.json() as { user: { id: string } }).user.id).not.toBe(victim.userId);
      expect(cookieFrom(registered)).toBeUndefined();
    });
  });

  describe('finding 6: sign-up is by invitation once the instance has its first account', () => {
    let t: TestApp;
    let owner: User;
    let org: string;

    beforeAll(async () => {
      t = await createTestApp({ backend, productSignUpDefault: true });
      owner = await signUp(t.app, 'first@example.com');
      org = await createOrganization(t.app, owner.cookie, 'first-org');
    });
    afterAll(async () => t.close());

    it('lets the first account in, then refuses uninvited sign-ups alike for registered and unknown addresses', async () => {
      const registered = await signUpCall(t, { email: 'first@example.com' });
      const unknown = await signUpCall(t, { email: 'stranger@example.com' });
      expect([registered.statusCode, unknown.statusCode]).toEqual([403, 403]);
      expect(registered.json()).toEqual(unknown.json());
      expect(unknown.json()).toEqual({ message: 'Sign-up is by invitation on this instance', code: 'SIGN_UP_BY_INVITATION', error: 'Sign-up is by invitation on this instance' });
      const config = await call(t.app, undefined, { method: 'GET', url: '/api/config' });
      expect((config.json() as { disableSignup: boolean }).disableSignup).toBe(true);
    });

    it('lets an invitee create the account with the link (for the invited address only) and join with the invited role', async () => {
      const invite = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: { email: 'ines@example.com', role: 'admin' } });
      const reference = invitationReferenceOf((invite.json() as { inviteLink: string }).inviteLink);
      const id = (invite.json() as { id: string }).id;
      expect((await signUpCall(t, { email: 'other@example.com', invitationId: reference })).statusCode).toBe(403);
      expect((await signUpCall(t, { email: 'ines@example.com', invitationId: id })).statusCode).toBe(403);
      const created = await signUpCall(t, { email: 'ines@example.com', name: 'Ines', invitationId: reference });
      expect(created.statusCode).toBe(200);
      const ines = { cookie: cookieFrom(created) ?? '' };
      expect(ines.cookie).not.toBe('');
      const accepted = await call(t.app, ines, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: reference } });
      expect(accepted.statusCode).toBe(200);
      const members = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/members` });
      expect((members.json() as { data: Array<{ user: { email: string }; role: string }> }).data.map((m) => [m.user.email, m.role]))
        .toEqual([['first@example.com', 'owner'], ['ines@example.com', 'admin']]);
      const again = await signUpCall(t, { email: 'ines@example.com', invitationId: reference });
      expect(again.statusCode).toBe(403);
    });
  });

  describe('finding 6: DISABLE_SIGNUP=true no longer locks invitees out', () => {
    let t: TestApp;
    afterAll(async () => t.close());

    it('lets the invitee create the account from the link', async () => {
      t = await createTestApp({ backend, env: { DISABLE_SIGNUP: 'true' } });
      const owner = await signUp(t.app, 'owner@example.com');
      const org = await createOrganization(t.app, owner.cookie, 'closed');
      const invite = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: { email: 'joe@example.com', role: 'member' } });
      const reference = invitationReferenceOf((invite.json() as { inviteLink: string }).inviteLink);
      const created = await signUpCall(t, { email: 'joe@example.com', invitationId: reference });
      expect(created.statusCode).toBe(200);
      const accepted = await call(t.app, { cookie: cookieFrom(created) ?? '' }, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: reference } });
      expect(accepted.statusCode).toBe(200);
    });
  });
});
