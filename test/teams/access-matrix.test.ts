// Members limited to site A (through a team, or directly), against every site-scoped route of the app's route
// table and every MCP tool that takes a site: site A is let through access control, site B answers 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, inviteAndAccept, signUp, type Credential } from '../helpers/auth-client.js';
import { routeTable, type RouteEntry } from '../helpers/route-table.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const NO_ACCESS = 'No access to this site';
/**
 * Routes that answer for any site by design: the tracking script reads its toggles without a credential, and
 * is-public answers false alike for a private or unknown site.
 */
// Public like tracking itself: the replay module's batches are judged by the site's settings and origin, not by who sends them.
// A private link's unlock is judged by the link's key and password, not by who sends them.
const PUBLIC_BY_DESIGN = new Set([
  'GET /api/site/tracking-config/:site', 'GET /api/sites/:site/is-public', 'POST /api/session-replay/record/:site', 'POST /api/sites/:site/private-link-unlock',
]);
const PARAM = /:([A-Za-z]+)(\|:[A-Za-z]+)*/g;

type Site = { siteId: number; id: string };

function isSiteScoped(route: RouteEntry): boolean {
  return /:(site|siteId)\b/.test(route.url);
}

function urlFor(route: RouteEntry, site: string): string {
  return route.url.replace(PARAM, (_match, name: string) => (name === 'site' || name === 'siteId' ? site : '1'));
}

function label(route: RouteEntry): string {
  return `${route.method} ${route.url.replace(PARAM, ':$1')}`;
}

describe('access matrix of a team-restricted member', () => {
  let t: TestApp;
  let owner: Credential;
  let restricted: Credential & { userId: string };
  let unrestricted: Credential & { userId: string };
  let org: string;
  let siteA: Site;
  let siteB: Site;
  let routes: RouteEntry[];
  let restrictedKey: string;
  let direct: Credential & { userId: string };
  let directKey: string;
  /** The member limited through a team and the member limited directly (PUT .../members/{memberId}/sites). */
  let limited: Array<{ who: string; credential: Credential }>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'owner@example.com');
    org = await createOrganization(t.app, owner.cookie ?? '', 'acme');
    siteA = await createSite(t.app, owner, org, { domain: 'a.example.com' });
    siteB = await createSite(t.app, owner, org, { domain: 'b.example.com' });
    restricted = await signUp(t.app, 'restricted@example.com');
    unrestricted = await signUp(t.app, 'unrestricted@example.com');
    for (const [email, account] of [['restricted@example.com', restricted], ['unrestricted@example.com', unrestricted]] as const) {
      expect((await inviteAndAccept(t.app, owner, account, org, email)).statusCode).toBe(200);
    }
    const team = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${org}/teams`, payload: { name: 'A only', memberUserIds: [restricted.userId], siteIds: [siteA.siteId] } });
    expect(team.statusCode).toBe(200);
    const key = await call(t.app, restricted, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'restricted' } });
    expect(key.statusCode).toBe(200);
    restrictedKey = key.json().key;
    direct = await signUp(t.app, 'direct@example.com');
    expect((await inviteAndAccept(t.app, owner, direct, org, 'direct@example.com')).statusCode).toBe(200);
    const memberId = ((await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/members` })).json().data as Array<{ id: string; userId: string }>)
      .find((m) => m.userId === direct.userId)?.id;
    const limitedDirectly = await call(t.app, owner, { method: 'PUT', url: `/api/organizations/${org}/members/${memberId}/sites`, payload: { hasRestrictedSiteAccess: true, siteIds: [siteA.siteId] } });
    expect(limitedDirectly.statusCode).toBe(200);
    directKey = (await call(t.app, direct, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'direct' } })).json().key;
    limited = [{ who: 'team', credential: restricted }, { who: 'direct', credential: direct }];
    routes = routeTable(t.app).filter(isSiteScoped);
  });
  afterAll(async () => t.close());

  it('finds the site-scoped routes in the route table', () => {
    const labels = routes.map(label);
    for (const known of ['GET /api/sites/:site/overview', 'PUT /api/sites/:site/config', 'POST /api/sites/:site/goals', 'GET /api/sites/:site/sessions/:sessionId', 'DELETE /api/sites/:site']) {
      expect(labels).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers 403 "No access to this site" on site B, by numeric and by hex id, on every site-scoped route', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_BY_DESIGN.has(label(r)))) {
      for (const [who, ref] of limited.flatMap((l) => [[l, String(siteB.siteId)], [l, siteB.id]] as const)) {
        const res = await call(t.app, who.credential, { method: route.method as 'GET', url: urlFor(route, ref), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
        const error = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { error?: string }).error : undefined;
        if (res.statusCode !== 403 || error !== NO_ACCESS) wrong.push(`${who.who} ${label(route)} ${ref}: ${res.statusCode} ${error}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the same routes past access control on site A (a role may still be required)', async () => {
    const wrong: string[] = [];
    for (const [who, route] of limited.flatMap((l) => routes.map((r) => [l, r] as const))) {
      const res = await call(t.app, who.credential, { method: route.method as 'GET', url: urlFor(route, String(siteA.siteId)), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
      const error = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { error?: string }).error : undefined;
      const refused = res.statusCode === 401 || error === NO_ACCESS || (res.statusCode === 403 && error !== 'This action needs the admin role');
      if (refused || res.statusCode >= 500) wrong.push(`${who.who} ${label(route)}: ${res.statusCode} ${error}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets an unrestricted member of the same organization open site B (the 403s come from the team)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const res = await call(t.app, unrestricted, { method: 'GET', url: urlFor(route, String(siteB.siteId)) });
      const error = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { error?: string }).error : undefined;
      // A route for admins only (the private link's key) still refuses a member: that 403 names the role.
      const refused = res.statusCode === 401 || (res.statusCode === 403 && error !== 'This action needs the admin role');
      if (refused || res.statusCode >= 500) wrong.push(`${label(route)}: ${res.statusCode} ${error}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists only site A wherever sites are listed', async () => {
    for (const { credential } of limited) {
      const all = await call(t.app, credential, { method: 'GET', url: '/api/sites' });
      expect(all.statusCode).toBe(200);
      expect((all.json().data as Site[]).map((site) => site.siteId)).toEqual([siteA.siteId]);
      const ofOrg = await call(t.app, credential, { method: 'GET', url: `/api/organizations/${org}/sites` });
      expect(ofOrg.statusCode).toBe(200);
      const body = ofOrg.json() as { data?: Site[]; sites?: Site[] };
      expect((body.sites ?? body.data ?? []).map((site) => site.siteId)).toEqual([siteA.siteId]);
    }
  });

  it('cannot lift their own restriction, through Loupe or through better-auth', async () => {
    const teams = (await call(t.app, owner, { method: 'GET', url: `/api/organizations/${org}/teams` })).json().teams as Array<{ id: string; name: string }>;
    const teamId = teams.find((team) => team.name === 'A only')?.id;
    const attempts = [
      { method: 'PUT' as const, url: `/api/organizations/${org}/teams/${teamId}`, payload: { siteIds: [] } },
      { method: 'DELETE' as const, url: `/api/organizations/${org}/teams/${teamId}/members/${restricted.userId}` },
      { method: 'DELETE' as const, url: `/api/organizations/${org}/teams/${teamId}` },
      { method: 'POST' as const, url: '/api/auth/organization/remove-team-member', payload: { teamId, userId: restricted.userId, organizationId: org } },
      { method: 'POST' as const, url: '/api/auth/organization/remove-team', payload: { teamId, organizationId: org } },
    ];
    // Loupe's routes answer 403; better-auth's team endpoints are not served at all (404).
    for (const attempt of attempts) expect((await call(t.app, restricted, attempt)).statusCode, attempt.url).toBe(attempt.url.startsWith('/api/auth/') ? 404 : 403);
    expect((await call(t.app, restricted, { method: 'GET', url: `/api/sites/${siteB.siteId}/overview` })).statusCode).toBe(403);
  });

  describe('MCP tools', () => {
    async function rpc(method: string, params: Record<string, unknown>, key = restrictedKey) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/mcp', payload: { jsonrpc: '2.0', id: 1, method, params },
        headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().result as Record<string, unknown>;
    }

    type JsonSchema = { type?: string; enum?: unknown[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; minItems?: number; minimum?: number };

    /** A minimal value of a JSON schema, enough to get past a tool's own validation to its access check. */
    function sample(schema: JsonSchema): unknown {
      if (Array.isArray(schema.enum)) return schema.enum[0];
      switch (schema.type) {
        case 'number': case 'integer': return schema.minimum ?? 1;
        case 'boolean': return false;
        case 'array': return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
        case 'object': return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name] ?? {})]));
        default: return '/x';
      }
    }

    function argumentsFor(tool: { inputSchema: JsonSchema }, site: number) {
      return { ...(sample({ ...tool.inputSchema, type: 'object' }) as Record<string, unknown>), siteId: site };
    }

    it('refuses site B and serves site A on every tool that takes a site', async () => {
      const tools = (await rpc('tools/list', {})).tools as Array<{ name: string; inputSchema: JsonSchema }>;
      const siteTools = tools.filter((tool) => tool.inputSchema.properties?.siteId !== undefined);
      expect(siteTools.length).toBeGreaterThan(10);
      // A new tool that reaches site data without a siteId argument must be added to this matrix by hand.
      expect(tools.filter((tool) => !siteTools.includes(tool)).map((tool) => tool.name).sort()).toEqual(['create_site', 'list_sites']);
      const wrong: string[] = [];
      for (const [who, key] of [['team', restrictedKey], ['direct', directKey]] as const) {
        for (const tool of siteTools) {
          const onB = await rpc('tools/call', { name: tool.name, arguments: argumentsFor(tool, siteB.siteId) }, key);
          const textB = (onB.content as Array<{ text: string }>)[0]?.text;
          if (onB.isError !== true || textB !== `${NO_ACCESS} (HTTP 403)`) wrong.push(`${who} ${tool.name} on B: ${textB}`);
          const onA = await rpc('tools/call', { name: tool.name, arguments: argumentsFor(tool, siteA.siteId) }, key);
          const textA = (onA.content as Array<{ text: string }>)[0]?.text ?? '';
          if (textA.includes(NO_ACCESS) || textA.includes('HTTP 401') || textA.includes('HTTP 5')) wrong.push(`${who} ${tool.name} on A: ${textA}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('lists only site A in list_sites', async () => {
      for (const key of [restrictedKey, directKey]) {
        const listed = await rpc('tools/call', { name: 'list_sites', arguments: {} }, key);
        expect((listed.structuredContent as { data: Site[] }).data.map((site) => site.siteId)).toEqual([siteA.siteId]);
      }
    });
  });
});
