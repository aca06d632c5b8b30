// Deleting an organization through better-auth deletes its sites and their analytics rows, and nothing of
// another organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The site's events plus its identity rows (links and traits). */
async function eventCount(siteId: number): Promise<number> {
  const rows = await t.services.analytics.query<{ n: string }>(
    'SELECT (SELECT count() FROM events WHERE site_id = {siteId:UInt32}) + (SELECT count() FROM user_identities WHERE site_id = {siteId:UInt32}) AS n',
    { siteId },
  );
  return Number(rows[0]?.n ?? 0);
}

describe('organization deletion', () => {
  it('removes the organization\'s sites and their analytics rows, and keeps another organization\'s', async () => {
    const owner = await signUp(t.app, 'deleting-owner@example.com');
    const doomedOrg = await createOrganization(t.app, owner.cookie, 'doomed');
    const keptOrg = await createOrganization(t.app, owner.cookie, 'kept');
    const doomed = await createSite(t.app, owner, doomedOrg, { domain: 'doomed.example.com' });
    const kept = await createSite(t.app, owner, keptOrg, { domain: 'kept.example.com' });
    await seedEvents(t, doomed.siteId, [{ at: '2026-03-10T10:00:00Z' }, { at: '2026-03-10T10:01:00Z' }]);
    await seedEvents(t, kept.siteId, [{ at: '2026-03-10T10:00:00Z' }]);
    await t.services.analytics.insert('user_identities', [{ site_id: doomed.siteId, timestamp: '2026-03-10 10:00:00.000', identified_user_id: 'ann', user_id: 'visitor1', anonymous_id: '', traits: '{"plan":"pro"}' }]);
    expect([await eventCount(doomed.siteId), await eventCount(kept.siteId)]).toEqual([3, 1]);

    const res = await call(t.app, owner, { method: 'POST', url: '/api/auth/organization/delete', payload: { organizationId: doomedOrg } });
    expect(res.statusCode).toBe(200);

    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${doomed.siteId}` })).statusCode).toBe(404);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${kept.siteId}` })).statusCode).toBe(200);
    // The analytics delete is a mutation the store applies in the background: wait for it, boundedly.
    for (let attempt = 0; attempt < 50 && (await eventCount(doomed.siteId)) > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect([await eventCount(doomed.siteId), await eventCount(kept.siteId)]).toEqual([0, 1]);
  });
});
