// Under light traffic, tracked calls wait longer before their insert (LIGHT_TRAFFIC_INSERT_MS), with the
// default insert interval: fewer, larger inserts, each of which costs the engine the same fixed work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';
import { until } from '../helpers/until.js';

/** Just above the 2 s interval at which a segment is inserted under heavier traffic, to keep the test short. */
const LIGHT_TRAFFIC_INSERT_MS = 2_500;

describe('inserts under light traffic', () => {
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', LIGHT_TRAFFIC_INSERT_MS: String(LIGHT_TRAFFIC_INSERT_MS) } });
    f = await createTrackingFixture(t.app, 'light-traffic', 'example.com');
  });
  afterAll(async () => t.close());

  /** Events stored for the site, read without flushing the spool (a flush would insert at once). */
  async function storedPaths(): Promise<string[]> {
    const found = await t.services.analytics.query<{ pathname: string }>('SELECT pathname FROM events WHERE site_id = {site:UInt32} ORDER BY pathname', { site: f.site.siteId });
    return found.map((row) => row.pathname);
  }

  it('inserts a lone call no sooner than LIGHT_TRAFFIC_INSERT_MS after it was acknowledged, with a call that came meanwhile', async () => {
    const first = await track(t.app, { site_id: f.site.id, pathname: '/first' }, { headers: browserHeaders({ forwardedFor: '8.8.4.1' }) });
    expect(first.statusCode).toBe(200);
    const acknowledgedAt = performance.now();
    const second = await track(t.app, { site_id: f.site.id, pathname: '/second' }, { headers: browserHeaders({ forwardedFor: '8.8.4.2' }) });
    expect(second.statusCode).toBe(200);
    const stored = await until(storedPaths, (paths) => paths.length > 0, 20_000, 25);
    // The segment was opened by the first call's write, just before its acknowledgement.
    expect(performance.now() - acknowledgedAt).toBeGreaterThanOrEqual(LIGHT_TRAFFIC_INSERT_MS - 50);
    expect(stored).toEqual(['/first', '/second']);
  });
});
