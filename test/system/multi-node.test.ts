// Three Loupe server processes on one PostgreSQL, one Redis and one ClickHouse endpoint, traffic sent round-robin
// with no sticky routing: sessions continue across nodes, rate limits and the bot layer's rate count are shared,
// a webhook trigger is sent once,
// a revoked API key is refused everywhere within API_KEY_CACHE_SECONDS, and a node killed with SIGKILL mid-load,
// while the webhook endpoint holds the answer to a request the node sent, loses and repeats no event and no
// webhook attempt once it is restarted on its DATA_DIR.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { ANSWER_NOT_READ } from '../../src/webhooks/delivery.repository.js';
import { call, createOrganizationKey } from '../helpers/auth-client.js';
import { unreachableClusterStores } from '../helpers/cluster-stores.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { CLUSTER_ORIGIN, startLoupeCluster, type LoupeCluster } from '../helpers/loupe-cluster.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { describeConnection, pidHoldingConnection } from '../helpers/socket-owner.js';
import { browserHeaders } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';
import { eventually } from '../helpers/until.js';

const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NODES = 3;
const KEY_RATE_LIMIT = 12;
const KEY_CACHE_SECONDS = 2;
const CLAIM_SECONDS = 10;
const NODE_ENV = {
  TRUST_PROXY: 'true',
  API_KEY_RATE_LIMIT_MAX: String(KEY_RATE_LIMIT),
  API_KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_DELAYS: '500ms,1s',
  // A claim left by the killed node is taken over after this long (60 s by default): long enough for any
  // attempt on loopback, short enough that the test does not wait out a minute.
  WEBHOOK_CLAIM_SECONDS: String(CLAIM_SECONDS),
};
/** Events a visitor may send in a minute before the bot layer's rate_anomaly marks it (the server's default). */
const BOT_RATE_LIMIT = 120;
/** Sign-in attempts per minute per address (the server's default). */
const SIGN_IN_LIMIT = 10;
const LOAD_WORKERS = 12;
const LOAD_BEFORE_KILL_MS = 2_500;
const MIN_ACKED_BEFORE_KILL = 300;
/** Distinct visitors of the load, so no visitor looks like a bot by its rate. */
const LOAD_VISITORS = 400;
/** Every this many load events is a custom event `signup`, which the webhook matches. */
const TRIGGER_EVERY = 25;
/**
 * The load's pace, all workers together (events per second): enough to keep every node's spool and deliveries busy
 * through the kill and the restart. Unpaced, the load ran as fast as the nodes answered (about 950 events/s alone:
 * 101 CPU-seconds for the file against 60 paced), taking the cores the other files of a whole run needed, and the
 * longer a slow machine took to deliver the first webhook the more it sent. In whole runs the test then took 375 s
 * unpaced and 167-222 s at 250/s, most of it after the load stops (the phases it prints): the load runs until the
 * killed node is back (48 s under a whole run's load), and the nodes, short of CPU there, enrich and insert a spool
 * segment in 2-4 s while they seal one every 2 s, so what they had not stored when the load stopped (the webhooks'
 * triggers among it) came through for another 96 s. At 100/s every node still has events in flight when it is
 * killed and deliveries under way throughout.
 */
const LOAD_PER_SECOND = 100;

const unreachable = await unreachableClusterStores(ADMIN_DATABASE_URL, REDIS_URL);
if (unreachable.length > 0) {
  console.error(`\n*** SKIPPING the multi-node test: ${unreachable.join('; ')} (CI provides both) ***\n`);
}

/** A random /16 in 10.0.0.0/8 for this run's client addresses, so Redis keys of earlier runs cannot meet this one's. */
const RUN_NETWORK = `10.${randomInt(0, 256)}`;
/** The address of a visitor of the checks (n < 256), or of the load (`load` is true). */
const address = (n: number, load = false): string => (load ? `${RUN_NETWORK}.${1 + Math.floor(n / 200)}.${n % 200}` : `${RUN_NETWORK}.0.${n}`);

interface Answer {
  readonly status: number;
  readonly body: string;
}

async function post(node: ServerProcess, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${node.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.text() };
}

/** A browser's tracking call from `address`, as a proxy in front of the nodes forwards it. */
function trackAs(node: ServerProcess, address: string, body: Record<string, unknown>): Promise<Answer> {
  return post(node, '/api/track', body, browserHeaders({ forwardedFor: address }));
}

const ACCEPTED = '{"success":true}';

describe.skipIf(unreachable.length > 0)('three Loupe nodes side by side', () => {
  let cluster: LoupeCluster;
  let store: ClickHouseStore;
  let receiver: HttpsReceiver;
  let fixture: TrackingFixture;
  let revokedKey: { key: string; id: string };
  let limitedKey: string;
  let webhookId: string;
  /** The test's own connection to the nodes' PostgreSQL database, to read the deliveries (one for the file). */
  let metadata: pg.Client | undefined;

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    cluster = await startLoupeCluster({ nodes: NODES, adminDatabaseUrl: ADMIN_DATABASE_URL, redisUrl: REDIS_URL, env: NODE_ENV });
    store = new ClickHouseStore(cluster.clickhouseUrl);
    metadata = new pg.Client({ connectionString: cluster.databaseUrl });
    await metadata.connect();
    await cluster.withApp(async ({ app }) => {
      fixture = await createTrackingFixture(app, 'cluster', 'shop.example.com');
      revokedKey = await createOrganizationKey(app, fixture.owner, fixture.organizationId, { name: 'to revoke' });
      limitedKey = (await createOrganizationKey(app, fixture.owner, fixture.organizationId, { name: 'limited' })).key;
      const created = await call(app, fixture.owner, { method: 'POST', url: `/api/sites/${fixture.site.siteId}/webhooks`, payload: { url: receiver.url, eventNames: ['signup'] } });
      expect(created.statusCode, created.body).toBe(200);
      webhookId = (created.json() as { data: { id: string } }).data.id;
    });
  }, 300_000);

  afterAll(async () => {
    // Closed before the cluster drops its database.
    await metadata?.end();
    await store?.close();
    await cluster?.close();
    await receiver?.close();
  });

  const node = (index: number): ServerProcess => cluster.nodes[index % NODES] as ServerProcess;

  async function storedRows(pathPrefix: string): Promise<Array<{ pathname: string; session_id: string; event_name: string }>> {
    return store.query(
      'SELECT pathname, toString(session_id) AS session_id, event_name FROM events WHERE site_id = {site:UInt32} AND startsWith(pathname, {prefix:String}) ORDER BY timestamp',
      { site: fixture.site.siteId, prefix: pathPrefix },
    );
  }

  it('continues a visitor session across nodes: every event of the visit carries one session id', async () => {
    const visitor = address(1);
    for (let step = 0; step < 6; step += 1) {
      const answer = await trackAs(node(step), visitor, { site_id: fixture.site.id, hostname: 'shop.example.com', pathname: `/visit/${step}` });
      expect(answer).toEqual({ status: 200, body: ACCEPTED });
    }
    const rows = await eventually(() => storedRows('/visit/'), (found) => found.length >= 6, 30_000);
    expect(rows.map((row) => row.pathname)).toEqual(['/visit/0', '/visit/1', '/visit/2', '/visit/3', '/visit/4', '/visit/5']);
    expect(new Set(rows.map((row) => row.session_id)).size).toBe(1);
    // A second visitor meanwhile gets a session of its own.
    expect((await trackAs(node(1), address(2), { site_id: fixture.site.id, pathname: '/visit/other' })).status).toBe(200);
    const other = await eventually(() => storedRows('/visit/other'), (found) => found.length >= 1, 30_000);
    expect(other[0]?.session_id).not.toBe(rows[0]?.session_id);
  }, 60_000);

  it('shares the per-key tracking limit across nodes: exactly API_KEY_RATE_LIMIT_MAX requests pass in all', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < KEY_RATE_LIMIT + 3; request += 1) {
      const answer = await post(node(request), '/api/track', { site_id: fixture.site.id, pathname: `/keyed/${request}` }, { 'content-type': 'application/json', authorization: `Bearer ${limitedKey}` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(KEY_RATE_LIMIT).fill(200), 429, 429, 429]);
  }, 60_000);

  it('shares the per-address sign-in limit across nodes: the 11th failed sign-in of a minute is refused wherever it lands', async () => {
    const from = address(3);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT + 2; attempt += 1) {
      const answer = await post(node(attempt), '/api/auth/sign-in/email', { email: 'cluster@example.com', password: 'wrong-password-1' }, {
        'content-type': 'application/json', origin: CLUSTER_ORIGIN, 'x-forwarded-for': from,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(SIGN_IN_LIMIT).fill(401), 429, 429]);
    // Another address is not limited by that one (at another account: this one has used its own guesses too).
    const other = await post(node(0), '/api/auth/sign-in/email', { email: 'cluster-other@example.com', password: 'wrong-password-1' }, {
      'content-type': 'application/json', origin: CLUSTER_ORIGIN, 'x-forwarded-for': address(4),
    });
    expect(other.status).toBe(401);
  }, 60_000);

  it('shares the per-account sign-in limit across nodes: the 11th guess at one account is refused from any address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT + 2; attempt += 1) {
      const answer = await post(node(attempt), '/api/auth/sign-in/email', { email: 'cluster-account@example.com', password: 'wrong-password-1' }, {
        'content-type': 'application/json', origin: CLUSTER_ORIGIN, 'x-forwarded-for': address(40 + attempt),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(SIGN_IN_LIMIT).fill(401), 429, 429]);
  }, 60_000);

  it('sends exactly one webhook attempt per trigger, whichever node stored the event', async () => {
    receiver.respondWith(200);
    const before = receiver.requests.length;
    const triggers = 6;
    for (let index = 0; index < triggers; index += 1) {
      const answer = await trackAs(node(index), address(10 + index), { site_id: fixture.site.id, type: 'custom_event', event_name: 'signup', pathname: `/join/${index}` });
      expect(answer).toEqual({ status: 200, body: ACCEPTED });
    }
    await receiver.waitFor(before + triggers, 30_000);
    // Every node polls the deliveries, and a node sends only an attempt it claimed while the delivery was open: once
    // every delivery is closed, no node can send one again.
    await eventually(deliveryRows, (rows) => rows.length >= triggers && rows.every((row) => row.status === 'succeeded'), 30_000);
    const received = receiver.requests.slice(before).map((request) => JSON.parse(request.rawBody) as { id: string; webhook_id: string; event: { pathname: string } });
    expect(received).toHaveLength(triggers);
    expect(new Set(received.map((body) => body.id)).size).toBe(triggers);
    expect(received.map((body) => body.event.pathname).sort()).toEqual(Array.from({ length: triggers }, (_, index) => `/join/${index}`));
    expect(new Set(received.map((body) => body.webhook_id))).toEqual(new Set([webhookId]));
  }, 90_000);

  it('counts a visitor\'s events across nodes for the bot rate layer: its 121st event within a minute is a bot, wherever it lands', async () => {
    const visitor = address(20);
    const events = BOT_RATE_LIMIT + 5;
    // The estimate weighs the previous minute's events: send all of them inside one minute of the clock.
    while (Date.now() % 60_000 > 40_000) await new Promise((resolve) => setTimeout(resolve, 500));
    for (let sent = 0; sent < events; sent += 1) {
      const answer = await trackAs(node(sent), visitor, { site_id: fixture.site.id, pathname: `/rate/${sent}` });
      expect(answer).toEqual({ status: 200, body: ACCEPTED });
    }
    const counted = async () => {
      const [humans] = await store.query<{ n: string }>("SELECT count() AS n FROM events WHERE site_id = {site:UInt32} AND startsWith(pathname, '/rate/')", { site: fixture.site.siteId });
      const bots = await store.query<{ rate_anomaly: number; n: string }>(
        "SELECT rate_anomaly, count() AS n FROM bot_events WHERE site_id = {site:UInt32} AND startsWith(pathname, '/rate/') GROUP BY rate_anomaly",
        { site: fixture.site.siteId },
      );
      return { humans: Number(humans?.n ?? 0), bots: bots.map((row) => ({ rate_anomaly: Number(row.rate_anomaly), n: Number(row.n) })) };
    };
    const found = await eventually(counted, (value) => value.humans + value.bots.reduce((sum, row) => sum + row.n, 0) >= events, 30_000);
    // Counted per node, each would have seen about 42 events and marked none.
    expect(found).toEqual({ humans: BOT_RATE_LIMIT, bots: [{ rate_anomaly: 1, n: 5 }] });
  }, 90_000);

  it('refuses a revoked API key on every node within API_KEY_CACHE_SECONDS', async () => {
    const keyed = (index: number) => post(node(index), '/api/track', { site_id: fixture.site.id, pathname: `/revoked/${index}` }, { 'content-type': 'application/json', authorization: `Bearer ${revokedKey.key}` });
    // Every node has verified (and cached) the key.
    for (let index = 0; index < NODES; index += 1) expect((await keyed(index)).status).toBe(200);
    const revoked = await post(node(0), '/api/auth/api-key/delete', { keyId: revokedKey.id }, { 'content-type': 'application/json', cookie: fixture.owner.cookie, origin: CLUSTER_ORIGIN });
    expect(revoked.status, revoked.body).toBe(200);
    const revokedAt = Date.now();
    // The node that revoked it forgets it at once.
    expect((await keyed(0)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, revokedAt + KEY_CACHE_SECONDS * 1000 + 200 - Date.now())));
    const after = [];
    for (let index = 0; index < NODES; index += 1) after.push((await keyed(index)).status);
    expect(after).toEqual([401, 401, 401]);
  }, 60_000);

  interface DeliveryRow {
    readonly id: string;
    readonly attempts: number;
    readonly status: string;
    readonly response_code: number | null;
    readonly error: string | null;
  }

  /** The site's deliveries as PostgreSQL holds them: how often each was claimed, and how it ended. */
  async function deliveryRows(): Promise<DeliveryRow[]> {
    if (!metadata) throw new Error('no connection to the metadata database');
    return (await metadata.query<DeliveryRow>('select id, attempts, status, response_code, error from webhook_deliveries where site_id = $1', [fixture.site.siteId])).rows;
  }

  /**
   * Every acknowledged trigger reached the receiver exactly once, through one delivery and one attempt. The
   * delivery whose answer the receiver held when its sender was killed was sent in full, so the node that took
   * its claim over closed it without sending it again. The replayed spool of the restarted node creates no
   * second delivery for an event the node had already stored.
   */
  async function expectOneAttemptPerTrigger(ackedTriggers: readonly string[], requestsBefore: number, heldDeliveryId: string): Promise<void> {
    const received = () => receiver.requests.slice(requestsBefore).map((request) => JSON.parse(request.rawBody) as { id: string; event: { pathname: string } });
    // The last events are still being stored (their deliveries do not exist yet), and the delivery the killed node
    // had claimed is taken over once its claim expires (CLAIM_SECONDS): wait until every trigger was sent and none is open.
    await eventually(
      async () => ({ rows: await deliveryRows(), pathnames: new Set(received().map((body) => body.event.pathname)) }),
      ({ rows, pathnames }) => rows.every((row) => row.status !== 'pending' && row.status !== 'retrying') && ackedTriggers.every((pathname) => pathnames.has(pathname)),
      // 5-15 s on a quiet machine; a fresh-clone run beside the browser tests on a slow one needed more than 100 s,
      // and one more than 240 s (2026-11-28: the load had run on while the first delivery was awaited).
      420_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await deliveryRows();
    const bodies = received();
    const timesSent = new Map<string, number>();
    const timesReceived = new Map<string, number>();
    for (const body of bodies) {
      timesSent.set(body.id, (timesSent.get(body.id) ?? 0) + 1);
      timesReceived.set(body.event.pathname, (timesReceived.get(body.event.pathname) ?? 0) + 1);
    }
    expect(ackedTriggers.length).toBeGreaterThan(0);
    expect(ackedTriggers.filter((pathname) => timesReceived.get(pathname) !== 1)).toEqual([]);
    expect([...timesSent].filter(([, times]) => times !== 1)).toEqual([]);
    expect(rows.find((row) => row.id === heldDeliveryId)).toEqual({ id: heldDeliveryId, attempts: 1, status: 'succeeded', response_code: null, error: ANSWER_NOT_READ });
    expect(rows.filter((row) => row.id !== heldDeliveryId && !(row.status === 'succeeded' && Number(row.attempts) === 1 && row.response_code === 200))).toEqual([]);
  }

  it('loses and repeats no acknowledged event or webhook attempt when a node is killed with SIGKILL mid-load, awaiting a webhook answer, and restarted on its DATA_DIR', async () => {
    const acked: string[] = [];
    /** Acknowledged events that match the webhook (a custom event `signup`). */
    const ackedTriggers: string[] = [];
    const requestsBefore = receiver.requests.length;
    const down = new Set<number>();
    let next = 0;
    let stopping = false;
    let refused = '';
    const loadStart = Date.now();
    const worker = async (): Promise<void> => {
      while (!stopping) {
        const sequence = next++;
        // Each event has its instant on the load's schedule; a worker running late sends at once.
        const due = loadStart + (sequence * 1000) / LOAD_PER_SECOND - Date.now();
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        if (stopping) break;
        const pathname = `/load/${sequence}`;
        // Round-robin over the nodes that are up, as a load balancer whose health check has noticed the kill.
        let index = sequence % NODES;
        while (down.has(index)) index = (index + 1) % NODES;
        try {
          const answer = await trackAs(node(index), address(sequence % LOAD_VISITORS, true), {
            site_id: fixture.site.id, pathname, ...(sequence % TRIGGER_EVERY === 0 ? { type: 'custom_event', event_name: 'signup' } : {}),
          });
          if (answer.status === 200 && answer.body === ACCEPTED) {
            acked.push(pathname);
            if (sequence % TRIGGER_EVERY === 0) ackedTriggers.push(pathname);
          }
          else refused = `${answer.status} ${answer.body}`;
        } catch {
          // Cut off by the kill: not acknowledged, so it may or may not be stored.
        }
      }
    };
    const workers = Promise.all(Array.from({ length: LOAD_WORKERS }, worker));
    // Each phase's time since the load began, printed so a slow run shows where it waited.
    const phase = (name: string): void => console.log(`multi-node kill test: ${name} after ${Date.now() - loadStart} ms, ${acked.length} events acknowledged, ${ackedTriggers.length} triggers`);
    await eventually(async () => acked.length, (count) => count >= MIN_ACKED_BEFORE_KILL && Date.now() - loadStart >= LOAD_BEFORE_KILL_MS, 60_000);
    // The endpoint holds its answer to the next delivery; the node that sent it is killed while it waits. Alone the
    // first delivery comes within seconds; in the whole suite, with two other files busy on the two cores, one run
    // waited more than 30 s for it behind the load (2026-11-28), so the wait allows 90.
    const held = await Promise.race([
      receiver.holdNext(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no webhook request arrived within 90 s of the load')), 90_000)),
    ]);
    phase('first delivery held');
    const pids = cluster.nodes.map((each) => each.child.pid ?? 0);
    const sender = await pidHoldingConnection(held.clientPort, receiver.port, pids);
    const victim = pids.indexOf(sender ?? -1);
    // A sender that gave up on its answer (its 10 s timeout) before the test looked holds no socket any more.
    const heldFor = Date.now() - held.request.at;
    const signedAt = Number(/t=(\d+)/.exec(String(held.request.headers['service-signature']))?.[1] ?? 0) * 1000;
    if (victim < 0) {
      expect.fail(`no node holds the connection (${await describeConnection(held.clientPort, receiver.port)}; request complete ${heldFor} ms ago, signed about ${held.request.at - signedAt} ms before it was complete)`);
    }
    const killed = node(victim);
    killed.child.kill('SIGKILL');
    down.add(victim);
    expect(await killed.exited()).toEqual({ code: null, signal: 'SIGKILL' });
    held.answer(200);
    const heldDeliveryId = String(held.request.headers['service-delivery-id']);
    const ackedAtKill = acked.length;
    // The kill left acknowledged rows in its spool that were not inserted yet.
    expect((await readdir(join(cluster.dataDirs[victim] ?? '', 'spool', 'intake'))).length).toBeGreaterThan(0);
    // The other nodes carry the load while the victim restarts on the same DATA_DIR.
    phase('node killed');
    await cluster.restart(victim);
    phase('node restarted');
    down.delete(victim);
    await eventually(async () => acked.length, (count) => count >= ackedAtKill + 300, 60_000);
    stopping = true;
    await workers;
    expect(refused).toBe('');
    phase('load stopped');
    await expectOneAttemptPerTrigger(ackedTriggers, requestsBefore, heldDeliveryId);

    phase('every trigger delivered once');
    const exits = await cluster.stopNodes();
    expect(exits, cluster.nodes.map((each) => each.output()).join('\n')).toEqual(Array.from({ length: NODES }, () => ({ code: 0, signal: null })));
    for (const dataDir of cluster.dataDirs) expect(await readdir(join(dataDir, 'spool', 'intake'))).toEqual([]);

    const counts = new Map(
      (await store.query<{ pathname: string; copies: string }>(
        "SELECT pathname, count() AS copies FROM events WHERE site_id = {site:UInt32} AND startsWith(pathname, '/load/') GROUP BY pathname",
        { site: fixture.site.siteId },
      )).map((row) => [row.pathname, Number(row.copies)]),
    );
    const missing = acked.filter((pathname) => counts.get(pathname) !== 1);
    const duplicated = [...counts].filter(([, copies]) => copies > 1).map(([pathname]) => pathname);
    expect({ acked: acked.length > ackedAtKill, missing, duplicated }).toEqual({ acked: true, missing: [], duplicated: [] });
  }, 780_000);
});
