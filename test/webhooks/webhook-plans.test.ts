// Paid-only webhooks: the plan is the operator's (`loupe plan set`), never what an owner writes into the
// organization's metadata through better-auth's organization routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliUsageError, planCommand } from '../../src/cli/plan-command.js';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { runCli } from '../helpers/cli-process.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
/** better-auth's error body as Loupe relays it: its `message` for Rybbit's clients, `error` for Loupe's. */
const REFUSED = { message: 'metadata.plan is set by the operator, not through the API', error: 'metadata.plan is set by the operator, not through the API' };
const NEEDS_PAID = { error: 'Webhooks need a paid plan' };

describe.each(backends)('webhook plans on %s', (backend) => {
  let t: TestApp;
  let owner: { cookie: string };
  let orgId: string;
  let siteId: number;

  const createWebhook = () =>
    call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/webhooks`, payload: { url: 'https://hooks.example.com/in', eventNames: ['signup'] } });
  const cli = (args: string[]) => runCli(args, { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl });

  beforeAll(async () => {
    t = await createTestApp({ backend, env: { WEBHOOKS_PAID_ONLY: 'true' }, resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
    owner = await signUp(t.app, 'plans@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'plans-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'plans.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  it('refuses an organization created with metadata.plan, and creates none', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: '/api/auth/organization/create', payload: { name: 'Self-paid', slug: 'self-paid', metadata: { plan: 'paid' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
    const orgs = (await call(t.app, owner, { method: 'GET', url: '/api/organizations' })).json().data as Array<{ slug: string }>;
    expect(orgs.map((org) => org.slug)).toEqual(['plans-org']);
  });

  it('refuses an owner writing metadata.plan = paid, and webhook creation stays 403', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: '/api/auth/organization/update', payload: { organizationId: orgId, data: { metadata: { plan: 'paid' } } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
    const webhook = await createWebhook();
    expect(webhook.statusCode).toBe(403);
    expect(webhook.json()).toEqual(NEEDS_PAID);
    const other = await call(t.app, owner, { method: 'POST', url: '/api/auth/organization/update', payload: { organizationId: orgId, data: { metadata: { team: 'growth' } } } });
    expect(other.statusCode).toBe(200);
    expect(other.json().metadata).toEqual({ team: 'growth' });
  });

  it('does not trust a metadata.plan written before plans were the operator\'s', async () => {
    await t.services.metadata.db.updateTable('organization').set({ metadata: JSON.stringify({ plan: 'paid' }) }).where('id', '=', orgId).execute();
    const webhook = await createWebhook();
    expect(webhook.statusCode).toBe(403);
    expect(webhook.json()).toEqual(NEEDS_PAID);
  });

  it('lets the organization create webhooks once the operator sets the plan, and not after it is set back to free', async () => {
    const set = await cli(['plan', 'set', '--org', orgId, 'paid']);
    expect(set.stderr).toBe('');
    expect([set.code, JSON.parse(set.stdout)]).toEqual([0, { organizationId: orgId, plan: 'paid' }]);
    const get = await cli(['plan', 'get', '--org', orgId]);
    expect([get.code, JSON.parse(get.stdout)]).toEqual([0, { organizationId: orgId, plan: 'paid' }]);
    const created = await createWebhook();
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ site_id: siteId, url: 'https://hooks.example.com/in', event_names: ['signup'] });

    expect(await planCommand(['set', '--org', orgId, 'free'], t.services.metadata)).toEqual({ organizationId: orgId, plan: 'free' });
    const refused = await createWebhook();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(NEEDS_PAID);
  });

  it('answers the operator clearly about unknown organizations and plans', async () => {
    await expect(planCommand(['set', '--org', 'no-such-org', 'paid'], t.services.metadata)).rejects.toThrow('no organization with id no-such-org');
    await expect(planCommand(['get', '--org', 'no-such-org'], t.services.metadata)).rejects.toThrow('no organization with id no-such-org');
    await expect(planCommand(['set', '--org', orgId, 'gold'], t.services.metadata)).rejects.toThrow(new CliUsageError('plan set needs one of: free, paid'));
    await expect(planCommand(['set', 'paid'], t.services.metadata)).rejects.toThrow(new CliUsageError('plan needs --org <organizationId>'));
    const bad = await cli(['plan', 'set', '--org', orgId, 'gold']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^plan set needs one of: free, paid\n\nUsage:\n/);
  });
});
