// Per-site retention: the setting (default: keep everything, 400s for bad values) and the store's sweep, which
// deletes what is older than the cutoff from every table and rebuilds a session running across it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedBotEvents, seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Now is 2026-04-01 00:00 UTC: 30 days of retention keep everything from 2026-03-02 00:00 on.
const NOW = Date.parse('2026-04-01T00:00:00Z');
const EVENTS: SeedRow[] = [
  // s1 ended before the cutoff.
  { session_id: 1, user_id: 'v1', at: '2026-02-20T10:00:00Z', pathname: '/gone' },
  { session_id: 1, user_id: 'v1', at: '2026-02-20T10:01:00Z', type: 'custom_event', event_name: 'old-signup' },
  { session_id: 1, user_id: 'v1', at: '2026-02-20T10:02:00Z', type: 'performance', lcp: 800 },
  // s2 runs across the cutoff.
  { session_id: 2, user_id: 'v2', at: '2026-03-01T23:50:00Z', pathname: '/before' },
  { session_id: 2, user_id: 'v2', at: '2026-03-02T00:10:00Z', pathname: '/after' },
  { session_id: 2, user_id: 'v2', at: '2026-03-02T00:11:00Z', type: 'custom_event', event_name: 'kept-signup' },
  // s3 is recent.
  { session_id: 3, user_id: 'v3', at: '2026-03-20T09:00:00Z', pathname: '/recent' },
];

describe('data retention', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let limited: number;
  let unlimited: number;

  const counts = async (site: number) => {
    const result: Record<string, number> = {};
    for (const table of ['events', 'action_events', 'performance_events', 'bot_events', 'user_identities']) {
      const [row] = await rows<{ n: string }>(t, `SELECT count() AS n FROM ${table} WHERE site_id = {site:UInt32}`, { site });
      result[table] = Number(row?.n);
    }
    const sessions = await rows<{ id: string; pageviews: string; entry: string; first: string }>(t, `SELECT toString(session_id) AS id, toString(pageviews) AS pageviews,
      substring(entry_page, 24) AS entry, toString(first_at) AS first FROM sessions FINAL WHERE site_id = {site:UInt32} ORDER BY session_id`, { site });
    return { ...result, sessions: sessions.map((s) => `${s.id}:${s.pageviews}:${s.entry}:${s.first}`) };
  };
  const put = (site: number, payload: Record<string, unknown>) => call(t.app, owner, { method: 'PUT', url: `/api/sites/${site}/config`, payload });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    owner = await signUp(t.app, 'retention-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'retention-org');
    limited = (await createSite(t.app, owner, org, { domain: 'limited.example.com' })).siteId;
    unlimited = (await createSite(t.app, owner, org, { domain: 'forever.example.com' })).siteId;
    for (const site of [limited, unlimited]) {
      await seedEvents(t, site, EVENTS);
      await seedBotEvents(t, site, [{ at: '2026-03-01T12:00:00Z', bot_name: 'OldBot' }, { at: '2026-03-10T12:00:00Z', bot_name: 'NewBot' }]);
      await t.services.analytics.insert('user_identities', [
        { site_id: site, timestamp: '2026-02-01 00:00:00.000', identified_user_id: 'ann', user_id: 'v1', anonymous_id: '', traits: '{}' },
        { site_id: site, timestamp: '2026-03-15 00:00:00.000', identified_user_id: 'ben', user_id: 'v3', anonymous_id: '', traits: '{}' },
      ]);
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('keeps everything by default, and the setting reads back on the site', async () => {
    const site = await call(t.app, owner, { method: 'GET', url: `/api/sites/${limited}` });
    expect((site.json() as { retentionDays: unknown }).retentionDays).toBeNull();
    expect((await t.services.retention.sweepNow()).size).toBe(0);
    const updated = await put(limited, { retentionDays: 30 });
    expect([updated.statusCode, (updated.json() as { retentionDays: unknown }).retentionDays]).toEqual([200, 30]);
  });

  it.each([0, -1, 1.5, '30', 36_601])('answers 400 to retentionDays %j', async (value) => {
    const res = await put(unlimited, { retentionDays: value });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain('retentionDays');
  });

  it('the sweep deletes what is older than the cutoff from every table, rebuilds the session across it, and leaves other sites alone', async () => {
    const untouched = await counts(unlimited);
    expect(untouched).toEqual({
      events: 7, action_events: 2, performance_events: 1, bot_events: 2, user_identities: 2,
      sessions: ['1:1:/gone:2026-02-20 10:00:00.000', '2:2:/before:2026-03-01 23:50:00.000', '3:1:/recent:2026-03-20 09:00:00.000'],
    });
    const swept = await t.services.retention.sweepNow();
    expect([...swept.keys()]).toEqual([limited]);
    expect(swept.get(limited)).toEqual({ events: 4, action_events: 1, performance_events: 1, bot_events: 1, user_identities: 1, sessions: 1 });
    expect(await counts(limited)).toEqual({
      events: 3, action_events: 1, performance_events: 0, bot_events: 1, user_identities: 1,
      sessions: ['2:1:/after:2026-03-02 00:10:00.000', '3:1:/recent:2026-03-20 09:00:00.000'],
    });
    expect(await counts(unlimited)).toEqual(untouched);
    const overview = await call(t.app, owner, { method: 'GET', url: `/api/sites/${limited}/overview` });
    expect(overview.json()).toMatchObject({ data: { sessions: 2, pageviews: 2, users: 2 } });
    const names = await call(t.app, owner, { method: 'GET', url: `/api/sites/${limited}/events/names` });
    expect(names.json()).toEqual({ data: [{ eventName: 'kept-signup', count: 1 }] });
  });

  it('a second sweep finds nothing more; null keeps everything again', async () => {
    expect((await t.services.retention.sweepNow()).get(limited)).toEqual({ events: 0, action_events: 0, performance_events: 0, bot_events: 0, user_identities: 0, sessions: 0 });
    const cleared = await put(limited, { retentionDays: null });
    expect((cleared.json() as { retentionDays: unknown }).retentionDays).toBeNull();
    expect((await t.services.retention.sweepNow()).size).toBe(0);
  });
});
