// API keys and refusals on POST /api/track: 401 for dead keys, 429 after 500 keyed requests, 404 for unknown sites, who is trusted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, signUp } from '../helpers/auth-client.js';
import { countRows, rows } from '../helpers/analytics-rows.js';
import { frozenClock, MINUTE_MS } from '../helpers/frozen-clock.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track, USER_AGENTS } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const backends = await metadataBackends();
const RATE_LIMITED = { success: false, error: 'Rate limit exceeded. Maximum 500 requests per 10 minutes per API key.' };
const SERVER = { 'content-type': 'application/json', 'user-agent': USER_AGENTS.curl };

describe.each(backends)('API keys on tracking (%s)', (backend) => {
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: clock.now });
    f = await createTrackingFixture(t.app, 'keyed', 'example.com');
  });
  afterAll(async () => t.close());

  async function pathCount(table: 'events' | 'bot_events', pathname: string): Promise<number> {
    return (await rows(t, `SELECT event_id FROM ${table} WHERE pathname = {path:String}`, { path: pathname })).length;
  }

  it('answers 401 to an unknown, revoked, disabled or expired key and stores nothing', async () => {
    const revoked = await createOrganizationKey(t.app, f.owner, f.organizationId, { name: 'revoked' });
    await call(t.app, f.owner, { method: 'POST', url: '/api/auth/api-key/delete', payload: { keyId: revoked.id } });
    const disabled = await createOrganizationKey(t.app, f.owner, f.organizationId, { name: 'disabled' });
    await call(t.app, f.owner, { method: 'POST', url: '/api/auth/api-key/update', payload: { keyId: disabled.id, enabled: false } });
    const expired = await createOrganizationKey(t.app, f.owner, f.organizationId, { name: 'expired', expiresIn: 3600 });
    const past = new Date(Date.now() - 1000);
    await sql`update apikey set "expiresAt" = ${backend === 'postgres' ? past : past.toISOString()} where id = ${expired.id}`.execute(t.services.metadata.db);

    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ['unknown', 'lpo_thisKeyDoesNotExistAnywhereAtAll', 'Invalid API key'],
      ['revoked', revoked.key, 'Invalid API key'],
      ['disabled', disabled.key, 'API key disabled'],
      ['expired', expired.key, 'API key expired'],
    ];
    for (const [label, key, error] of cases) {
      const response = await track(t.app, { site_id: f.site.id, pathname: `/dead-key/${label}` }, { key, headers: SERVER });
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toEqual({ success: false, error });
      expect(await pathCount('events', `/dead-key/${label}`), label).toBe(0);
      expect(await pathCount('bot_events', `/dead-key/${label}`), label).toBe(0);
    }
  });

  it('answers 404 Site not found for an unknown site, with or without a key', async () => {
    for (const siteId of ['0123456789ab', '999999', 'no-such-site']) {
      for (const options of [{ headers: browserHeaders() }, { key: f.key, headers: SERVER }]) {
        const response = await track(t.app, { site_id: siteId, pathname: '/nowhere' }, options);
        expect(response.statusCode, siteId).toBe(404);
        expect(response.json(), siteId).toEqual({ success: false, error: 'Site not found' });
      }
    }
    const deleted = await addSite(t.app, f, 'deleted.example.org');
    expect((await call(t.app, f.owner, { method: 'DELETE', url: `/api/sites/${deleted.id}` })).statusCode).toBe(200);
    const afterDelete = await track(t.app, { site_id: deleted.id, pathname: '/gone' });
    expect(afterDelete.statusCode).toBe(404);
    expect(afterDelete.json()).toEqual({ success: false, error: 'Site not found' });
  });

  it('trusts a user key of an owner and a key scoped to ingest:write, not a read-only or foreign key, and never files a keyed call as a bot', async () => {
    const userKey = await call(t.app, f.owner, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'mine' } });
    const ingestOnly = await createOrganizationKey(t.app, f.owner, f.organizationId, { name: 'ingest', permissions: { ingest: ['write'] } });
    const readOnly = await createOrganizationKey(t.app, f.owner, f.organizationId, { name: 'reader', permissions: { analytics: ['read'] } });
    const stranger = await signUp(t.app, 'keyed-stranger@example.com');
    const strangerOrg = await createOrganization(t.app, stranger.cookie, 'keyed-stranger');
    const foreign = await createOrganizationKey(t.app, stranger, strangerOrg);

    const cases: ReadonlyArray<readonly [string, string, boolean]> = [
      ['user-key', (userKey.json() as { key: string }).key, true],
      ['ingest-only', ingestOnly.key, true],
      ['read-only', readOnly.key, false],
      ['foreign', foreign.key, false],
    ];
    for (const [label, key] of cases) {
      const payload = { site_id: f.site.id, pathname: `/trust/${label}`, ip_address: '8.8.8.8', user_agent: USER_AGENTS.firefoxLinux };
      expect((await track(t.app, payload, { key, headers: SERVER })).json(), label).toEqual({ success: true });
    }
    for (const [label] of cases) {
      // Only key-less requests are ever classified as bots: every keyed call is stored as a human event.
      expect(await pathCount('events', `/trust/${label}`), label).toBe(1);
      expect(await pathCount('bot_events', `/trust/${label}`), label).toBe(0);
    }
    // Trusted: the stated address and browser are used. Untrusted: they are ignored (the caller's own are kept).
    for (const [label, , trusted] of cases) {
      const [row] = await rows(t, 'SELECT country, browser FROM events WHERE pathname = {path:String}', { path: `/trust/${label}` });
      expect(row, label).toEqual(trusted ? { country: 'US', browser: 'Firefox' } : { country: '', browser: '' });
    }
  });

  it('accepts exactly 500 requests per key in 10 minutes, then answers 429 with Retry-After', async () => {
    const { key } = await createOrganizationKey(t.app, f.owner, f.organizationId, { name: 'busy' });
    const site = await addSite(t.app, f, 'busy.example.org');
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const calls = Array.from({ length: 50 }, (_, n) => track(t.app, { site_id: site.id, pathname: `/busy/${batch * 50 + n}` }, { key, headers: SERVER }));
      statuses.push(...(await Promise.all(calls)).map((response) => response.statusCode));
    }
    expect(statuses).toEqual(Array(500).fill(200));

    const over = await track(t.app, { site_id: site.id, pathname: '/busy/501' }, { key, headers: SERVER });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('600');
    expect(over.json()).toEqual(RATE_LIMITED);

    clock.advance(4 * MINUTE_MS);
    const stillOver = await track(t.app, { site_id: site.id, pathname: '/busy/502' }, { key, headers: SERVER });
    expect(stillOver.statusCode).toBe(429);
    expect(stillOver.headers['retry-after']).toBe('360');

    const otherKey = await track(t.app, { site_id: site.id, pathname: '/busy/other-key' }, { key: f.key, headers: SERVER });
    expect(otherKey.statusCode).toBe(200);
    const keyless = await track(t.app, { site_id: site.id, pathname: '/busy/keyless' }, { headers: browserHeaders() });
    expect(keyless.statusCode).toBe(200);

    clock.advance(6 * MINUTE_MS);
    const nextWindow = await track(t.app, { site_id: site.id, pathname: '/busy/next-window' }, { key, headers: SERVER });
    expect(nextWindow.statusCode).toBe(200);
    expect(await countRows(t, 'events', site.siteId)).toBe(503);
  });
});
