// The auth matrix over the app's whole route table: no credential 401, another organization 403, and a viewer (the
// read-only role) 403 on every route that changes an organization or a site, while it reads what a member reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReadRoute } from '../../src/platform/http/site-read-audience.js';
import { call, createOrganization, createSite, inviteAndAccept, signUp, type Credential } from '../helpers/auth-client.js';
import { routeTable, type RouteEntry } from '../helpers/route-table.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const PARAM = /:([A-Za-z]+)(\|:[A-Za-z]+)*/g;

/** Routes anyone may call without a credential, each for its reason. */
const OPEN_ROUTES: Readonly<Record<string, string>> = {
  'POST /api/track': 'the tracking call of any page',
  'POST /api/identify': 'the tracking script identifies visitors',
  'POST /api/session-replay/record/:site': "the replay module's batches, from any page of a site with replay on",
  'GET /api/script.js': 'the tracking script',
  'GET /api/site/tracking-config/:site': "the tracking script's toggles, for the site's own pages",
  'GET /api/sites/:site/is-public': 'asked before signing in, false alike for a private or unknown site',
  'POST /api/sites/:site/private-link-unlock': "a private link's reader, signed out: the link's key (and password) is the proof; tries are limited",
  'GET /api/spa.js': "the tracking script's modules",
  'GET /api/patterns.js': "the tracking script's modules",
  'GET /api/metrics.js': "the tracking script's modules",
  'GET /api/errors.js': "the tracking script's modules",
  'GET /api/interactions.js': "the tracking script's modules",
  'GET /api/engage.js': "the tracking script's modules",
  'GET /api/replay.js': "the tracking script's modules",
  'GET /api/openapi.json': 'the API reference',
  'GET /api/health': 'probes of the operator and the load balancer',
  'GET /api/health/live': 'probes of the operator and the load balancer',
  'GET /api/health/ready': 'probes of the operator and the load balancer',
  'GET /api/config': 'what the sign-in page needs to know (sign-up open, version)',
  'POST /api/invitations/lookup': "the invitation page, signed out: the link's token is the proof",
  'GET /api/version': 'the version the dashboard shows',
  'GET /api/email-reports/unsubscribe': "a report mail's unsubscribe page: the link's signed token is the proof",
  'POST /api/email-reports/unsubscribe': "a report mail's one-click unsubscribe (RFC 8058): the signed token is the proof",
  'GET /api/mcp': 'answers 405: the MCP endpoint takes POST only',
  'DELETE /api/mcp': 'answers 405: the MCP endpoint takes POST only',
};

/** Writes outside an organization's or a site's path: each touches only the caller's own account (a viewer has one). */
const OWN_ACCOUNT_WRITES: Readonly<Record<string, string>> = {
  'POST /api/user/api-keys': "a key of the caller's own account, which acts with the caller's role",
  'DELETE /api/account/sessions/:sessionId': "signs out one of the caller's own sessions",
  'POST /api/mcp': "the MCP endpoint: each tool call is one of the API's routes, under its guard, with the caller's key",
};

/** Writes under a site's path that a viewer may make: each changes only the caller's own settings. */
const VIEWER_OWN_WRITES: Readonly<Record<string, string>> = {
  'PUT /api/sites/:site/email-reports': "the caller's own report mails of a site they read",
};

type Member = Credential & { userId: string };

/** The route's pattern with one name per parameter (the printed tree shows a shared node as `:site|:siteId`). */
function patternOf(route: RouteEntry): string {
  return route.url.replace(PARAM, ':$1');
}

function label(route: RouteEntry): string {
  return `${route.method} ${patternOf(route)}`;
}

const reads = (route: RouteEntry) => isReadRoute(route.method, patternOf(route));

/** Routes whose path names an organization or a site: the ones a role in an organization governs. */
function isScoped(route: RouteEntry): boolean {
  return /:(site|siteId|organizationId)\b/.test(route.url);
}

/** Framework and documentation routes outside the matrix: the dashboard's files, the API reference, better-auth's own. */
function isOutsideMatrix(route: RouteEntry): boolean {
  return !route.url.startsWith('/api/') || route.url.startsWith('/api/auth/') || route.url.startsWith('/api/docs');
}

const backends = await metadataBackends();

describe.each(backends)('auth matrix with the viewer role (%s)', (backend) => {
  let t: TestApp;
  let owner: Member;
  let viewer: Member;
  let stranger: Member;
  let org: string;
  let site: { siteId: number; id: string };
  let routes: RouteEntry[];

  const urlFor = (route: RouteEntry) =>
    route.url.replace(PARAM, (_match, name: string) => {
      if (name === 'site' || name === 'siteId') return String(site.siteId);
      if (name === 'organizationId') return org;
      return '1';
    });
  const send = (credential: Credential | undefined, route: RouteEntry) =>
    call(t.app, credential, { method: route.method as 'GET', url: urlFor(route), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
  const errorOf = (res: { headers: Record<string, unknown>; json: () => unknown }) =>
    String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { error?: string }).error : undefined;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    owner = await signUp(t.app, 'matrix-owner@example.com');
    org = await createOrganization(t.app, owner.cookie ?? '', 'matrix-org');
    site = await createSite(t.app, owner, org, { domain: 'matrix.example.com' });
    viewer = await signUp(t.app, 'matrix-viewer@example.com');
    const added = await inviteAndAccept(t.app, owner, viewer, org, 'matrix-viewer@example.com', 'viewer');
    expect(added.statusCode, added.body).toBe(200);
    stranger = await signUp(t.app, 'matrix-stranger@example.com');
    await createOrganization(t.app, stranger.cookie ?? '', 'matrix-elsewhere');
    routes = routeTable(t.app).filter((route) => !isOutsideMatrix(route));
  });
  afterAll(async () => t.close());

  it('lists the viewer with its role', async () => {
    const members = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/members` });
    const row = (members.json().data as Array<{ userId: string; role: string }>).find((member) => member.userId === viewer.userId);
    expect(row?.role).toBe('viewer');
    const sites = await call(t.app, viewer, { method: 'GET', url: `/api/organizations/${org}/sites` });
    expect(sites.statusCode).toBe(200);
    expect(sites.json().role).toBe('viewer');
  });

  it('answers 401 without a credential on every route but the open ones', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const open = Object.hasOwn(OPEN_ROUTES, label(route));
      const res = await send(undefined, route);
      if ((res.statusCode === 401) === open) wrong.push(`${label(route)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(OPEN_ROUTES).filter((key) => !routes.some((route) => label(route) === key))).toEqual([]);
  });

  it("answers 403 to a member of another organization on every route of this organization's and site's", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => isScoped(r) && !Object.hasOwn(OPEN_ROUTES, label(r)))) {
      const res = await send(stranger, route);
      if (res.statusCode !== 403) wrong.push(`${label(route)}: ${res.statusCode} ${errorOf(res)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a viewer on every route that changes the organization or its sites', async () => {
    // Open routes (the replay module's batches carry a site in their path) change nothing of the organization's;
    // a viewer's own report subscription is theirs to write.
    const writes = routes.filter((route) => isScoped(route) && !reads(route) && !Object.hasOwn(VIEWER_OWN_WRITES, label(route)) && !Object.hasOwn(OPEN_ROUTES, label(route)));
    expect(writes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of writes) {
      const res = await send(viewer, route);
      const error = errorOf(res);
      if (res.statusCode !== 403 || !/^This action needs the (member|admin|owner) role$/.test(error ?? '')) wrong.push(`${label(route)}: ${res.statusCode} ${error}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a viewer read what a member reads', async () => {
    const scopedReads = routes.filter((route) => isScoped(route) && reads(route));
    const wrong: string[] = [];
    for (const route of scopedReads) {
      const res = await send(viewer, route);
      const error = errorOf(res);
      // Routes for admins only (private link key, imports) refuse a member as well: that 403 names the admin role.
      const refused = res.statusCode === 401 || (res.statusCode === 403 && error !== 'This action needs the admin role');
      if (refused || res.statusCode >= 500) wrong.push(`${label(route)}: ${res.statusCode} ${error}`);
    }
    expect(wrong).toEqual([]);
    const overview = await call(t.app, viewer, { method: 'GET', url: `/api/sites/${site.siteId}/overview` });
    expect(overview.statusCode).toBe(200);
  });

  it('lists every write outside an organization or site path, each one on the caller\'s own account', async () => {
    const unscopedWrites = routes.filter((route) => !isScoped(route) && route.method !== 'GET' && !Object.hasOwn(OPEN_ROUTES, label(route)));
    expect(unscopedWrites.map(label)).toContain('POST /api/user/api-keys');
    // A new write outside an organization's or a site's path must be listed above, with why a viewer may call it.
    expect(unscopedWrites.map(label).filter((key) => !Object.hasOwn(OWN_ACCOUNT_WRITES, key))).toEqual([]);
  });

  it("refuses a viewer better-auth's organization changes", async () => {
    const attempts = [
      { url: '/api/auth/organization/update', payload: { organizationId: org, data: { name: 'taken' } } },
      { url: '/api/auth/organization/invite-member', payload: { organizationId: org, email: 'someone@example.com', role: 'admin' } },
      { url: '/api/auth/organization/update-member-role', payload: { organizationId: org, memberId: 'x', role: 'owner' } },
      { url: '/api/auth/organization/delete', payload: { organizationId: org } },
    ];
    for (const attempt of attempts) {
      const res = await call(t.app, viewer, { method: 'POST', ...attempt });
      expect([attempt.url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([attempt.url, true]);
    }
    const members = await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/members` });
    expect((members.json().data as Array<{ role: string }>).map((member) => member.role).sort()).toEqual(['owner', 'viewer']);
  });
});
