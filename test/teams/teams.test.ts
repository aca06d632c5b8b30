// Teams over HTTP: list, create, rename, restrict to sites, add and remove members, delete; and what a restriction does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, inviteAndAccept, signUp, type Credential } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const NOW_ISO = '2026-01-15T12:00:00.000Z';

describe('teams', () => {
  let t: TestApp;
  let owner: Credential & { userId: string };
  let member: Credential & { userId: string };
  let other: Credential & { userId: string };
  let org: string;
  let shop: { siteId: number; id: string };
  let blog: { siteId: number; id: string };
  let foreignSite: { siteId: number };
  let teamId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    owner = await signUp(t.app, 'owner@example.com');
    org = await createOrganization(t.app, owner.cookie ?? '', 'acme');
    shop = await createSite(t.app, owner, org, { domain: 'shop.example.com', name: 'Shop' });
    blog = await createSite(t.app, owner, org, { domain: 'blog.example.com', name: 'Blog' });
    const stranger = await signUp(t.app, 'stranger@example.com');
    const strangerOrg = await createOrganization(t.app, stranger.cookie, 'elsewhere');
    foreignSite = await createSite(t.app, stranger, strangerOrg, { domain: 'elsewhere.example.com' });
    member = await signUp(t.app, 'member@example.com');
    other = await signUp(t.app, 'other@example.com');
    for (const [email, account] of [['member@example.com', member], ['other@example.com', other]] as const) {
      expect((await inviteAndAccept(t.app, owner, account, org, email)).statusCode).toBe(200);
    }
  });
  afterAll(async () => t.close());

  /** The teams of the organization less the default one better-auth makes with it (named after it, its creator on it, no sites). */
  async function teamsSeenBy(credential: Credential) {
    const res = await call(t.app, credential, { method: 'GET', url: `/api/organizations/${org}/teams` });
    expect(res.statusCode).toBe(200);
    return { teams: (res.json() as { teams: Array<{ name: string }> }).teams.filter((team) => team.name !== 'acme') };
  }

  it('lists only the default team of the organization at first', async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/teams` });
    expect(res.statusCode).toBe(200);
    const [only, ...rest] = res.json().teams;
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: 'acme', organizationId: org, members: [{ userId: owner.userId, userName: 'owner', userEmail: 'owner@example.com' }], sites: [] });
  });

  it('creates a team with members and sites, in Rybbit\'s shape', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: { name: '  Shop team ', memberUserIds: [member.userId], siteIds: [shop.siteId] } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    teamId = body.id;
    expect(body).toEqual({ id: teamId, name: 'Shop team', organizationId: org, createdAt: NOW_ISO, updatedAt: NOW_ISO, members: [member.userId], siteIds: [shop.siteId] });
  });

  it('lists every team to an admin and only their own teams to a member', async () => {
    const expected = {
      teams: [{
        id: teamId, name: 'Shop team', organizationId: org, createdAt: NOW_ISO, updatedAt: NOW_ISO,
        members: [{ userId: member.userId, userName: 'member', userEmail: 'member@example.com' }],
        sites: [{ siteId: shop.siteId, domain: 'shop.example.com', name: 'Shop' }],
      }],
    };
    expect(await teamsSeenBy(owner)).toEqual(expected);
    expect((await call(t.app, member, { method: 'GET', url: `/api/organizations/${org}/teams` })).json()).toEqual(expected);
    const notOnTeam = await call(t.app, other, { method: 'GET', url: `/api/organizations/${org}/teams` });
    expect(notOnTeam.statusCode).toBe(200);
    expect(notOnTeam.json()).toEqual({ teams: [] });
  });

  it("restricts the team's members to its sites; others still see every site", async () => {
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(200);
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${blog.id}/overview` })).statusCode).toBe(403);
    expect((await call(t.app, other, { method: 'GET', url: `/api/sites/${blog.id}/overview` })).statusCode).toBe(200);
    const listed = await call(t.app, member, { method: 'GET', url: `/api/organizations/${org}/sites` });
    expect(listed.statusCode).toBe(200);
    const sites = (listed.json() as { data?: Array<{ siteId: number }>; sites?: Array<{ siteId: number }> });
    expect((sites.sites ?? sites.data ?? []).map((site) => site.siteId)).toEqual([shop.siteId]);
  });

  it('renames a team and moves its restriction to other sites', async () => {
    const res = await call(t.app, owner, { method: 'PUT', url: `/api/organizations/${org}/teams/${teamId}`, payload: { name: 'Writers', siteIds: [blog.siteId] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [team] = (await teamsSeenBy(owner)).teams as Array<{ name: string; sites: unknown; members: Array<{ userEmail: string }> }>;
    expect(team?.name).toBe('Writers');
    expect(team?.sites).toEqual([{ siteId: blog.siteId, domain: 'blog.example.com', name: 'Blog' }]);
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(403);
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${blog.siteId}/overview` })).statusCode).toBe(200);
  });

  it('adds and removes single members', async () => {
    const added = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams/${teamId}/members`, payload: { userId: other.userId } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ success: true });
    expect((await call(t.app, other, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(403);
    const [team] = (await teamsSeenBy(owner)).teams as Array<{ name: string; sites: unknown; members: Array<{ userEmail: string }> }>;
    expect(team?.members.map((m) => m.userEmail)).toEqual(['member@example.com', 'other@example.com']);
    const removed = await call(t.app, owner, { method: 'DELETE', url: `/api/organizations/${org}/teams/${teamId}/members/${other.userId}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await call(t.app, other, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(200);
    const again = await call(t.app, owner, { method: 'DELETE', url: `/api/organizations/${org}/teams/${teamId}/members/${other.userId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'User is not on this team' });
  });

  it.each<[string, () => Record<string, unknown>, () => string]>([
    ['a site of another organization', () => ({ name: 'x', siteIds: [foreignSite.siteId] }), () => `Sites not in organization: ${foreignSite.siteId}`],
    ['a user outside the organization', () => ({ name: 'x', memberUserIds: ['no-such-user'] }), () => 'Users not in organization: no-such-user'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message());
  });

  it('refuses a blank name with 400 and an unknown team with 404', async () => {
    const blank = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    const unknown = await call(t.app, owner, { method: 'PUT', url: `/api/organizations/${org}/teams/nope`, payload: { name: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Team not found' });
  });

  it('lets only admins manage teams: a member gets 403, a stranger 403, no credential 401', async () => {
    const asMember = await call(t.app, member, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: { name: 'mine', siteIds: [] } });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: 'This action needs the admin role' });
    const lift = await call(t.app, member, { method: 'PUT', url: `/api/organizations/${org}/teams/${teamId}`, payload: { siteIds: [] } });
    expect(lift.statusCode).toBe(403);
    const stranger = await signUp(t.app, 'outsider@example.com');
    expect((await call(t.app, stranger, { method: 'GET', url: `/api/organizations/${org}/teams` })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/organizations/${org}/teams` })).statusCode).toBe(401);
  });

  it("narrows a team to nothing, not everything, when its last site is deleted", async () => {
    const doomed = await createSite(t.app, owner, org, { domain: 'doomed.example.com' });
    const team = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: { name: 'Doomed', memberUserIds: [other.userId], siteIds: [doomed.siteId] } });
    expect(team.statusCode).toBe(200);
    expect((await call(t.app, other, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(403);
    expect((await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${doomed.siteId}` })).statusCode).toBe(200);
    expect((await call(t.app, other, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(403);
    expect((await call(t.app, other, { method: 'GET', url: '/api/sites' })).json().data).toEqual([]);
    const lifted = await call(t.app, owner, { method: 'PUT', url: `/api/organizations/${org}/teams/${team.json().id}`, payload: { siteIds: [] } });
    expect(lifted.statusCode).toBe(200);
    expect((await call(t.app, other, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(200);
    expect((await call(t.app, owner, { method: 'DELETE', url: `/api/organizations/${org}/teams/${team.json().id}` })).statusCode).toBe(200);
  });

  it('deletes a team, which lifts its restriction', async () => {
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/organizations/${org}/teams/${teamId}`});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await teamsSeenBy(owner)).toEqual({ teams: [] });
    expect((await call(t.app, member, { method: 'GET', url: `/api/sites/${shop.siteId}/overview` })).statusCode).toBe(200);
  });
});
