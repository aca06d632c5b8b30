// npm run bench:nodes: tracking throughput of 1, 2 and 3 Loupe nodes on one PostgreSQL, Redis and ClickHouse
// endpoint (the test stand-in, one in-process engine: it bounds the total). For each node count a fresh cluster
// takes round-robin load for --seconds; "stored/s" counts until every acknowledged event is in the store.
import { parseArgs } from 'node:util';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { startLoupeCluster } from '../../test/helpers/loupe-cluster.js';
import { createTrackingFixture } from '../../test/helpers/tracking-fixture.js';
import { runRoundRobinLoad } from './round-robin-load.js';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '1,2,3' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '48' },
  },
  strict: true,
});
const nodeCounts = String(values.nodes).split(',').map(Number);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
if (nodeCounts.some((count) => !Number.isInteger(count) || count < 1 || count > 8)) throw new Error('--nodes: a list of node counts from 1 to 8, e.g. 1,2,3');
if (!Number.isFinite(seconds) || seconds <= 0 || !Number.isInteger(concurrency) || concurrency < 1) throw new Error('--seconds and --concurrency must be positive');

const adminDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Longest wait for the nodes to store what they acknowledged. */
const DRAIN_TIMEOUT_MS = 120_000;

interface Row {
  readonly nodes: number;
  readonly acknowledged: number;
  readonly stored: number;
  readonly acknowledgedPerSecond: number;
  readonly storedPerSecond: number;
  readonly refused: number;
  readonly failed: number;
}

async function measure(nodes: number): Promise<Row> {
  const cluster = await startLoupeCluster({ nodes, adminDatabaseUrl, redisUrl, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'error' } });
  const store = new ClickHouseStore(cluster.clickhouseUrl);
  try {
    const fixture = await cluster.withApp(({ app }) => createTrackingFixture(app, 'bench-nodes', 'bench.example.com'));
    const count = async (): Promise<number> => {
      const [row] = await store.query<{ n: string }>('SELECT count() AS n FROM events WHERE site_id = {site:UInt32}', { site: fixture.site.siteId });
      return Number(row?.n ?? 0);
    };
    const startedAt = performance.now();
    const load = await runRoundRobinLoad({ nodes: cluster.nodes.map((node) => node.baseUrl), siteId: fixture.site.id, hostname: 'bench.example.com' }, concurrency, seconds * 1000);
    let stored = await count();
    while (stored < load.acknowledged && performance.now() - startedAt < seconds * 1000 + DRAIN_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await count();
    }
    const storedMs = performance.now() - startedAt;
    if (load.lastRefusal !== null) console.error(`  ${nodes} node(s): ${load.refused} refused, last: ${load.lastRefusal}`);
    return {
      nodes,
      acknowledged: load.acknowledged,
      stored,
      acknowledgedPerSecond: Math.round(load.acknowledged / (load.ms / 1000)),
      storedPerSecond: Math.round(stored / (storedMs / 1000)),
      refused: load.refused,
      failed: load.failed,
    };
  } finally {
    await store.close();
    await cluster.close();
  }
}

console.log(`bench:nodes — ${seconds} s of round-robin tracking per cluster, ${concurrency} concurrent senders, stand-in ClickHouse endpoint`);
const rows: Row[] = [];
for (const nodes of nodeCounts) {
  const row = await measure(nodes);
  rows.push(row);
  console.log(
    `${row.nodes} node(s): ${row.acknowledgedPerSecond} acknowledged/s, ${row.storedPerSecond} stored/s` +
      ` (${row.acknowledged} acknowledged, ${row.stored} stored, ${row.refused} refused, ${row.failed} failed)`,
  );
}
console.log(JSON.stringify(rows));
