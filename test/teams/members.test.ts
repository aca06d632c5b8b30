// Members over HTTP: the list in Rybbit's shape, invitations (link, SMTP email, acceptance), roles, removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, invitationReferenceOf, signUp, type Credential } from '../helpers/auth-client.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The link of an invitation: its id, then the 256-bit token (base64url) that only the link carries. */
function linkPattern(id: string, organization: string): RegExp {
  return new RegExp(`^http://localhost:3001/invitation\\?invitationId=${id}\\.[A-Za-z0-9_-]{43}&organization=${organization}&inviterEmail=owner%40example\\.com$`);
}

type User = Credential & { userId: string };

describe('organization members', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let owner: User;
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ clock: () => NOW, env: { SMTP_URL: smtp.url, SMTP_FROM: 'loupe@stats.example.com' } });
    owner = await signUp(t.app, 'owner@example.com');
    org = await createOrganization(t.app, owner.cookie ?? '', 'acme');
    siteId = (await createSite(t.app, owner, org, { domain: 'shop.example.com' })).siteId;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The invitation mails received (sign-ups get their address verification mail from the same server). */
  const invitationMails = () => smtp.received.filter((mail) => mail.headers.subject?.startsWith('Join '));

  async function members(credential: Credential = owner) {
    const res = await call(t.app, credential, { method: 'GET', url: `/api/organizations/${org}/members` });
    expect(res.statusCode).toBe(200);
    return res.json() as { success: true; data: Array<{ id: string; role: string; userId: string; user: { email: string } }> };
  }

  it('lists the owner in Rybbit\'s shape', async () => {
    const body = await members();
    expect(body).toEqual({
      success: true,
      data: [{
        id: body.data[0]?.id, role: 'owner', userId: owner.userId, organizationId: org, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        user: { id: owner.userId, name: 'owner', email: 'owner@example.com' },
        siteAccess: { hasRestrictedSiteAccess: false, siteIds: [], siteRole: null, siteGrants: [] },
        teams: [{ id: expect.any(String), name: 'acme' }],
      }],
    });
  });

  it('invites by email: returns the link and emails it through SMTP_URL; the invitee accepts and joins', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: { email: 'Ann@Example.com', role: 'admin' } });
    expect(res.statusCode).toBe(200);
    const invitation = res.json();
    const link = invitation.inviteLink;
    expect(link).toMatch(linkPattern(invitation.id, 'acme'));
    expect(invitation).toEqual({
      id: invitation.id, organizationId: org, email: 'ann@example.com', role: 'admin', teamId: null, status: 'pending',
      expiresAt: invitation.expiresAt, createdAt: invitation.createdAt, inviterId: owner.userId, inviteLink: link, emailSent: true,
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(48 * 3600 * 1000);
    expect(invitationMails()).toHaveLength(1);
    const mail = invitationMails()[0];
    expect(mail?.from).toBe('loupe@stats.example.com');
    expect(mail?.to).toEqual(['ann@example.com']);
    expect(mail?.headers.subject).toBe('Join acme on Loupe');
    expect(mail?.headers.to).toBe('<ann@example.com>');
    expect(mail?.text).toContain(`\r\n${link}\r\n`);
    expect(smtp.commands[0]).toBe('EHLO localhost');

    const ann = await signUp(t.app, 'ann@example.com');
    const stranger = await signUp(t.app, 'eve@example.com');
    const reference = invitationReferenceOf(link);
    const wrongRecipient = await call(t.app, stranger, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: reference } });
    expect(wrongRecipient.statusCode).toBe(403);
    const idAlone = await call(t.app, ann, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: invitation.id } });
    expect(idAlone.statusCode).toBe(403);
    const accepted = await call(t.app, ann, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: reference } });
    expect(accepted.statusCode).toBe(200);
    expect((await members()).data.map((m) => [m.user.email, m.role])).toEqual([['owner@example.com', 'owner'], ['ann@example.com', 'admin']]);
  });

  it("emails the invitations Rybbit's web app makes through better-auth's invite-member too", async () => {
    const before = invitationMails().length;
    const res = await call(t.app, owner, { method: 'POST', url: '/api/auth/organization/invite-member', payload: { email: 'bob@example.com', role: 'member', organizationId: org } });
    expect(res.statusCode).toBe(200);
    expect(invitationMails()).toHaveLength(before + 1);
    const link = invitationMails()[before]?.text.split('\r\n').find((line) => line.startsWith('http://')) ?? '';
    expect(link).toMatch(linkPattern(res.json().id, 'acme'));
    expect(res.body).not.toContain(invitationReferenceOf(link).split('.')[1]);
  });

  it.each([
    ['an existing member', { email: 'ann@example.com' }, 400, 'User is already a member of this organization'],
    ['someone already invited', { email: 'bob@example.com' }, 400, 'User is already invited to this organization'],
    ['an invalid address', { email: 'not-an-address' }, 400, undefined],
    ['a team of no organization', { email: 'carl@example.com', teamId: 'nope' }, 400, 'Team not found in this organization'],
  ])('refuses to invite %s', async (_label, body, status, error) => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: body });
    expect(res.statusCode).toBe(status);
    if (error) expect(res.json().error).toBe(error);
  });

  it('invites into a team restricted to a site: the new member sees only that site', async () => {
    const team = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: { name: 'Shop', siteIds: [siteId] } });
    const other = await createSite(t.app, owner, org, { domain: 'blog.example.com' });
    const invite = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: { email: 'dan@example.com', teamId: team.json().id } });
    expect(invite.statusCode).toBe(200);
    expect(invite.json().role).toBe('member');
    const dan = await signUp(t.app, 'dan@example.com');
    const reference = invitationReferenceOf(invite.json().inviteLink);
    expect((await call(t.app, dan, { method: 'POST', url: '/api/auth/organization/accept-invitation', payload: { invitationId: reference } })).statusCode).toBe(200);
    expect((await call(t.app, dan, { method: 'GET', url: `/api/sites/${siteId}/overview` })).statusCode).toBe(200);
    expect((await call(t.app, dan, { method: 'GET', url: `/api/sites/${other.siteId}/overview` })).statusCode).toBe(403);
    const listed = (await members()).data.find((m) => m.user.email === 'dan@example.com');
    expect(listed).toMatchObject({ role: 'member', siteAccess: { hasRestrictedSiteAccess: true, siteIds: [siteId] }, teams: [{ id: team.json().id, name: 'Shop' }] });
  });

  it('changes roles with the ladder rules: only an owner makes owners, the last owner stays', async () => {
    const list = (await members()).data;
    const ann = list.find((m) => m.user.email === 'ann@example.com');
    const dan = list.find((m) => m.user.email === 'dan@example.com');
    const ownerRow = list.find((m) => m.role === 'owner');
    const annCookie = (await call(t.app, undefined, { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://localhost:3001' }, payload: { email: 'ann@example.com', password: 'correct-horse-9' } })).headers['set-cookie'];
    const annCredential = { cookie: String(Array.isArray(annCookie) ? annCookie[0] : annCookie).split(';')[0] ?? '' };

    const promote = await call(t.app, annCredential, { method: 'PATCH', url: `/api/organizations/${org}/members/${dan?.id}`, payload: { role: 'admin' } });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ id: dan?.id, role: 'admin', userId: dan?.userId, organizationId: org });
    const makeOwner = await call(t.app, annCredential, { method: 'PATCH', url: `/api/organizations/${org}/members/${dan?.id}`, payload: { role: 'owner' } });
    expect(makeOwner.statusCode).toBe(403);
    expect(makeOwner.json()).toEqual({ error: 'Only an owner can make someone an owner' });
    const demoteOwner = await call(t.app, annCredential, { method: 'PATCH', url: `/api/organizations/${org}/members/${ownerRow?.id}`, payload: { role: 'member' } });
    expect(demoteOwner.statusCode).toBe(403);
    const lastOwner = await call(t.app, owner, { method: 'PATCH', url: `/api/organizations/${org}/members/${ownerRow?.id}`, payload: { role: 'admin' } });
    expect(lastOwner.statusCode).toBe(400);
    expect(lastOwner.json()).toEqual({ error: 'An organization needs at least one owner' });
    const badRole = await call(t.app, owner, { method: 'PATCH', url: `/api/organizations/${org}/members/${ann?.id}`, payload: { role: 'emperor' } });
    expect(badRole.statusCode).toBe(400);
    const unknown = await call(t.app, owner, { method: 'PATCH', url: `/api/organizations/${org}/members/nope`, payload: { role: 'member' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('restricts a member to chosen sites directly (PUT .../members/{memberId}/sites), in Rybbit\'s shape', async () => {
    const list = (await members()).data;
    const dan = list.find((m) => m.user.email === 'dan@example.com');
    const ann = list.find((m) => m.user.email === 'ann@example.com');
    expect((await call(t.app, owner, { method: 'PATCH', url: `/api/organizations/${org}/members/${dan?.id}`, payload: { role: 'member' } })).statusCode).toBe(200);
    const blog = await createSite(t.app, owner, org, { domain: 'news.example.com', name: 'News' });
    const url = `/api/organizations/${org}/members/${dan?.id}/sites`;
    const res = await call(t.app, owner, { method: 'PUT', url, payload: { hasRestrictedSiteAccess: true, siteIds: [blog.siteId], siteRole: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ memberId: dan?.id, hasRestrictedSiteAccess: true, siteAccess: [{ siteId: blog.siteId, name: 'News', domain: 'news.example.com' }] });
    const listed = (await members()).data.find((m) => m.user.email === 'dan@example.com');
    expect(listed).toMatchObject({ siteAccess: { hasRestrictedSiteAccess: true, siteIds: [siteId, blog.siteId].sort((a, b) => a - b) } });

    const refusals = [
      [{ hasRestrictedSiteAccess: true, siteIds: [999_999] }, 400, 'Invalid site IDs: 999999. Sites must belong to this organization.'],
      [{ hasRestrictedSiteAccess: true, siteIds: [], siteRole: 'admin' }, 400, undefined],
    ] as const;
    for (const [body, status, error] of refusals) {
      const refused = await call(t.app, owner, { method: 'PUT', url, payload: body });
      expect(refused.statusCode).toBe(status);
      if (error) expect(refused.json().error).toBe(error);
    }
    const admin = await call(t.app, owner, { method: 'PUT', url: `/api/organizations/${org}/members/${ann?.id}/sites`, payload: { hasRestrictedSiteAccess: true, siteIds: [] } });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toEqual({ error: 'Cannot restrict site access for admin or owner roles' });

    const lifted = await call(t.app, owner, { method: 'PUT', url, payload: { hasRestrictedSiteAccess: false, siteIds: [] } });
    expect(lifted.json()).toEqual({ memberId: dan?.id, hasRestrictedSiteAccess: false, siteAccess: [] });
    expect((await members()).data.find((m) => m.user.email === 'dan@example.com')).toMatchObject({ siteAccess: { hasRestrictedSiteAccess: true, siteIds: [siteId] } });
  });

  it('removes a member, who loses access at once; a member cannot remove anyone', async () => {
    const list = (await members()).data;
    const dan = list.find((m) => m.user.email === 'dan@example.com');
    const danCookie = (await call(t.app, undefined, { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://localhost:3001' }, payload: { email: 'dan@example.com', password: 'correct-horse-9' } })).headers['set-cookie'];
    const dansCredential = { cookie: String(Array.isArray(danCookie) ? danCookie[0] : danCookie).split(';')[0] ?? '' };
    const ownerRow = list.find((m) => m.role === 'owner');
    const byMember = await call(t.app, dansCredential, { method: 'DELETE', url: `/api/organizations/${org}/members/${ownerRow?.id}` });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: 'This action needs the admin role' });

    const removed = await call(t.app, owner, { method: 'DELETE', url: `/api/organizations/${org}/members/${dan?.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await call(t.app, dansCredential, { method: 'GET', url: `/api/sites/${siteId}/overview` })).statusCode).toBe(403);
    expect((await call(t.app, dansCredential, { method: 'GET', url: `/api/organizations/${org}/members` })).statusCode).toBe(403);
    expect((await members()).data.map((m) => m.user.email)).toEqual(['owner@example.com', 'ann@example.com']);
  });
});

describe('invitations without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
  });
  afterAll(async () => t.close());

  it('hand out the link and say no email was sent', async () => {
    const owner = await signUp(t.app, 'owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'solo');
    const res = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/invitations`, payload: { email: 'ann@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ann@example.com', role: 'member', emailSent: false });
    expect(res.json().inviteLink).toMatch(linkPattern(res.json().id, 'solo'));
  });
});
