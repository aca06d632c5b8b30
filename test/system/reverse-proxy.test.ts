// Three Loupe nodes behind Caddy configured by docs/deploy/Caddyfile: requests go round-robin, a node killed with
// SIGKILL costs no request (refused connections are retried on another node), the visitor's address is the one
// Caddy saw (a client cannot forge X-Real-IP or X-Forwarded-For through it), and /metrics is not served publicly.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { caddyInstalled, startCaddy, type CaddyProcess } from '../helpers/caddy-process.js';
import { unreachableClusterStores } from '../helpers/cluster-stores.js';
import { startLoupeCluster, type LoupeCluster } from '../helpers/loupe-cluster.js';
import { browserHeaders } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';
import { until } from '../helpers/until.js';

const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = randomBytes(24).toString('hex');

const unreachable = caddyInstalled() ? await unreachableClusterStores(ADMIN_DATABASE_URL, REDIS_URL) : ['no /usr/bin/caddy (Debian package caddy; .ci/run installs it)'];
const missing = unreachable.length > 0 ? unreachable.join('; ') : null;
if (missing !== null) console.error(`\n*** SKIPPING the reverse-proxy test: ${missing} ***\n`);

/** The live-probe requests a node has answered, from its own /metrics. */
async function liveProbesAnswered(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((each) => each.startsWith('loupe_http_requests_total{') && each.includes('route="/api/health/live"') && each.includes('status="200"'));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Sends `probes` live probes through Caddy: their statuses, and each node's share of them. */
async function spreadOfProbes(proxyUrl: string, baseUrls: readonly string[], probes: number): Promise<{ statuses: number[]; spread: number[] }> {
  const before = await Promise.all(baseUrls.map(liveProbesAnswered));
  const statuses: number[] = [];
  for (let request = 0; request < probes; request += 1) statuses.push((await fetch(`${proxyUrl}/api/health/live`)).status);
  const after = await Promise.all(baseUrls.map(liveProbesAnswered));
  return { statuses, spread: after.map((count, index) => count - (before[index] ?? 0)) };
}

/**
 * Waits until Caddy sends to all three nodes (three probes in a row land one on each): its active health check
 * takes a node out on one check slower than `health_timeout`, which a loaded machine can cause, and brings it back
 * only at a later check (`health_interval`), so the round-robin can be counted only once all three are in it.
 */
async function untilCaddyRoutesToEveryNode(proxyUrl: string, baseUrls: readonly string[]): Promise<void> {
  await until(() => spreadOfProbes(proxyUrl, baseUrls, 3), ({ spread }) => spread.every((share) => share === 1), 40_000, 250);
}

/** Caddy's log lines from its active health checker so far: a failed check, which takes a node out of its rotation. */
function rotationChanges(caddy: CaddyProcess): number {
  return caddy.output().split('\n').filter((line) => line.includes('health_checker.active')).length;
}

/** How many times the round-robin is measured at most while the health checker keeps changing the rotation. */
const MEASUREMENT_RUNS = 5;

describe.skipIf(missing !== null)('three Loupe nodes behind the documented Caddy configuration', () => {
  let cluster: LoupeCluster;
  let caddy: CaddyProcess;
  let store: ClickHouseStore;
  let fixture: TrackingFixture;

  beforeAll(async () => {
    cluster = await startLoupeCluster({ nodes: 3, adminDatabaseUrl: ADMIN_DATABASE_URL, redisUrl: REDIS_URL, env: { TRUST_PROXY: 'true', METRICS_TOKEN } });
    store = new ClickHouseStore(cluster.clickhouseUrl);
    fixture = await cluster.withApp(({ app }) => createTrackingFixture(app, 'proxied', 'shop.example.com'));
    caddy = await startCaddy(cluster.nodes.map((node) => new URL(node.baseUrl).host));
  }, 240_000);
  afterAll(async () => {
    await caddy?.stop();
    await store?.close();
    await cluster?.close();
  });

  it('sends requests round-robin: nine live probes through the proxy are three on each node', async () => {
    const baseUrls = cluster.nodes.map((node) => node.baseUrl);
    let measured: { statuses: number[]; spread: number[] } | undefined;
    // A run during which Caddy's active health check failed on a node (one check slower than health_timeout on a
    // loaded machine) took that node out under it: Caddy logs every failed check, and such a run is taken again.
    for (let run = 0; run < MEASUREMENT_RUNS; run += 1) {
      const changesBefore = rotationChanges(caddy);
      await untilCaddyRoutesToEveryNode(caddy.url, baseUrls);
      measured = await spreadOfProbes(caddy.url, baseUrls, 9);
      if (rotationChanges(caddy) === changesBefore) break;
    }
    expect(measured).toEqual({ statuses: Array.from({ length: 9 }, () => 200), spread: [3, 3, 3] });
  }, 180_000);

  it('does not serve /metrics through the proxy, with or without the token', async () => {
    const bare = await fetch(`${caddy.url}/metrics`);
    const withToken = await fetch(`${caddy.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect([bare.status, withToken.status]).toEqual([404, 404]);
  });

  it('lets Loupe refuse an oversized tracking call itself, and streams larger bodies elsewhere (import batches may be 50 MB) to the nodes', async () => {
    const oversized = JSON.stringify({ site_id: fixture.site.id, pathname: `/${'x'.repeat(70 * 1024)}` });
    const answer = async (base: string) => {
      const response = await fetch(`${base}/api/track`, { method: 'POST', headers: browserHeaders({}), body: oversized });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const direct = await answer(cluster.nodes[0]?.baseUrl ?? '');
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(direct.status).toBeLessThan(500);
    expect(await answer(caddy.url)).toEqual(direct);
    const batch = JSON.stringify(Array.from({ length: 8_000 }, (_, n) => ({ timestamp: '2026-01-01T00:00:00Z', type: 'pageview', pathname: `/imported/${n}/${'y'.repeat(200)}` })));
    expect(batch.length).toBeGreaterThan(1024 * 1024);
    const imported = await fetch(`${caddy.url}/api/sites/${fixture.site.siteId}/imports/none/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: batch });
    // Loupe's own answer (no credentials), not the proxy's 413.
    expect([imported.status, await imported.json()]).toEqual([401, { error: 'Authentication required' }]);
  });

  it('takes the visitor address from Caddy: forged X-Real-IP and X-Forwarded-For headers change nothing', async () => {
    const track = async (pathname: string, forged: Record<string, string>) => {
      const response = await fetch(`${caddy.url}/api/track`, {
        method: 'POST',
        headers: { ...browserHeaders({}), ...forged },
        body: JSON.stringify({ site_id: fixture.site.id, pathname }),
      });
      expect(response.status).toBe(200);
    };
    await track('/forged/0', {});
    await track('/forged/1', { 'x-real-ip': '81.2.69.142' });
    await track('/forged/2', { 'x-forwarded-for': '81.2.69.160' });
    await track('/forged/3', { 'x-real-ip': '2.125.160.216', 'x-forwarded-for': '216.160.83.56' });
    const rows = await until(
      () => store.query<{ pathname: string; user_id: string; country: string }>("SELECT pathname, user_id, country FROM events WHERE site_id = {site:UInt32} AND startsWith(pathname, '/forged/') ORDER BY pathname", { site: fixture.site.siteId }),
      (found) => found.length >= 4,
      30_000,
      200,
    );
    // One visitor (the visitor id hashes the address and user agent), at a loopback address with no country.
    expect(rows.map((row) => row.pathname)).toEqual(['/forged/0', '/forged/1', '/forged/2', '/forged/3']);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(1);
    expect(rows.map((row) => row.country)).toEqual(['', '', '', '']);
  });

  it('loses no request when a node is killed: Caddy retries the refused connection on another node, then its health check drops the node', async () => {
    const victim = cluster.nodes[1];
    if (!victim) throw new Error('no node 1');
    // The two nodes left must be in Caddy's rotation to take the retried requests.
    await untilCaddyRoutesToEveryNode(caddy.url, cluster.nodes.map((node) => node.baseUrl));
    victim.child.kill('SIGKILL');
    await victim.exited();
    const statuses: number[] = [];
    for (let request = 0; request < 30; request += 1) {
      const response = await fetch(`${caddy.url}/api/track`, {
        method: 'POST',
        headers: browserHeaders({}),
        body: JSON.stringify({ site_id: fixture.site.id, pathname: `/after-kill/${request}` }),
      });
      statuses.push(response.status);
    }
    // On failure, Caddy's first error lines say why (a retried POST answered 502 before `buffer_requests`).
    const errors = caddy.output().split('\n').filter((line) => line.includes('"level":"error"')).slice(0, 3).join('\n');
    expect(statuses, errors).toEqual(Array<number>(30).fill(200));
    const stored = async (): Promise<number> => {
      const [row] = await store.query<{ n: string }>("SELECT count() AS n FROM events WHERE site_id = {site:UInt32} AND startsWith(pathname, '/after-kill/')", { site: fixture.site.siteId });
      return Number(row?.n ?? 0);
    };
    expect(await until(stored, (count) => count >= 30, 30_000, 200)).toBe(30);
  }, 120_000);
});
