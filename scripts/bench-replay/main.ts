// `npm run bench:replay`: the figures of session replay on this machine — the replay module's size beside
// rrweb's, the page's main-thread time spent recording a scripted visit (with and without replay), bytes stored
// per minute of recording, and ingest throughput of replay batches (MB/s) beside tracking events (events/s).
// Options: --seconds 60 (the visit) --load-seconds 10 --connections 10 --keep-data
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { bootstrapSite } from '../bench-ingest/bootstrap-site.js';
import { freePort, startServer, type ServerProcess } from '../bench-ingest/server-process.js';
import { sizesOf, type Sizes } from './module-sizes.js';
import { postLoad } from './post-load.js';
import { scriptedVisit } from './scripted-visit.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'bench-password-2024';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const print = (text = '') => void process.stdout.write(text + '\n');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sizeLine = (name: string, sizes: Sizes) => `  ${name.padEnd(34)} raw ${kb(sizes.raw).padStart(10)}   gzip ${kb(sizes.gzip).padStart(9)}   brotli ${kb(sizes.brotli).padStart(9)}`;

async function start(dataDir: string, port: number): Promise<ServerProcess> {
  return startServer({
    name: 'loupe',
    args: ['--import', 'tsx', 'src/main.ts'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BASE_URL: `http://127.0.0.1:${port}`, API_KEY_RATE_LIMIT_MAX: '100000000' },
    cwd: REPO_ROOT,
    port,
    ready: { method: 'GET', path: '/api/health' },
  });
}

/** The bench account's cookie (the CLI made the account), for configuring sites. */
async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

async function call<T>(server: ServerProcess, cookie: string, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(server.baseUrl + path, { method, headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface StoredReplay {
  readonly compressed: number;
  readonly uncompressed: number;
  readonly received: number;
  readonly recordedMinutes: number;
}

/** What the store holds for the recordings, read with the server stopped (the embedded store admits one process). */
async function storedReplay(dataDir: string): Promise<StoredReplay> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  try {
    const [parts] = await store.query<{ c: string; u: string }>(
      "SELECT sum(data_compressed_bytes) AS c, sum(data_uncompressed_bytes) AS u FROM system.parts WHERE active AND table = 'session_replay_batches'",
    );
    const [rows] = await store.query<{ r: string; ms: string }>(
      'SELECT sum(raw_bytes) AS r, toString(dateDiff(\'millisecond\', min(first_at), max(last_at))) AS ms FROM session_replay_batches',
    );
    return { compressed: Number(parts?.c ?? 0), uncompressed: Number(parts?.u ?? 0), received: Number(rows?.r ?? 0), recordedMinutes: Number(rows?.ms ?? 0) / 60_000 };
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const visitSeconds = option('seconds', 60);
  const loadSeconds = option('load-seconds', 10);
  const connections = option('connections', 10);
  print('Loupe session replay benchmark');
  print(`machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}, load average at start ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  print();
  print('Module sizes');
  print(sizeLine('replay.js (Loupe, rrweb recorder)', sizesOf(join(REPO_ROOT, 'tracker/dist/replay.js'))));
  print(sizeLine('rrweb.umd.min.cjs (rrweb, full)', sizesOf(join(REPO_ROOT, 'node_modules/rrweb/dist/rrweb.umd.min.cjs'))));
  print(sizeLine('script.js (core)', sizesOf(join(REPO_ROOT, 'tracker/dist/script.js'))));

  const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-replay-'));
  const port = await freePort();
  try {
    const recorded = await bootstrapSite(REPO_ROOT, dataDir, 'localhost');
    let server = await start(dataDir, port);
    const cookie = await signIn(server);
    await call(server, cookie, 'PUT', `/api/sites/${recorded.siteId}/config`, { sessionReplay: true, blockBots: false });
    const [organization] = await call<Array<{ id: string }>>(server, cookie, 'GET', '/api/user/organizations');
    const plain = await call<{ id: string; siteId: number }>(server, cookie, 'POST', `/api/organizations/${organization?.id ?? ''}/sites`, { domain: 'localhost', name: 'No replay', blockBots: false });

    print();
    print(`Main-thread time of a scripted ${visitSeconds} s visit (typing, mouse moves, clicks adding DOM, scrolling every 250 ms; Chromium, CDP TaskDuration/ScriptDuration)`);
    const without = await scriptedVisit(server.baseUrl, plain.id, visitSeconds);
    const recording = await scriptedVisit(server.baseUrl, recorded.id, visitSeconds);
    const perMinute = (seconds: number) => `${((seconds * 1000 * 60) / visitSeconds).toFixed(0)} ms/min`;
    print(`  without replay: tasks ${perMinute(without.taskSeconds)}, script ${perMinute(without.scriptSeconds)}`);
    print(`  with replay:    tasks ${perMinute(recording.taskSeconds)}, script ${perMinute(recording.scriptSeconds)}  (${recording.batches.length} batches sent)`);
    print(`  recording cost: ${perMinute(recording.taskSeconds - without.taskSeconds)} of main thread (${(((recording.taskSeconds - without.taskSeconds) / visitSeconds) * 100).toFixed(2)} % of the visit)`);

    await server.stop('SIGTERM');
    const stored = await storedReplay(dataDir);
    print();
    print('Bytes per minute of recording');
    print(`  received (events JSON): ${kb(stored.received / stored.recordedMinutes)}/min; stored (ZSTD column, part bytes): ${kb(stored.compressed / stored.recordedMinutes)}/min; ratio ${(stored.uncompressed / Math.max(stored.compressed, 1)).toFixed(1)}x over ${stored.recordedMinutes.toFixed(2)} min`);

    server = await start(dataDir, port);
    const batches = recording.batches.length > 0 ? recording.batches : ['{}'];
    const replay = await postLoad(server.baseUrl, `/api/session-replay/record/${recorded.siteId}`, batches, loadSeconds, connections);
    const pageviews = Array.from({ length: 200 }, (_, i) => JSON.stringify({ site_id: recorded.id, pathname: `/page/${i}`, hostname: 'localhost' }));
    const tracking = await postLoad(server.baseUrl, '/api/track', pageviews, loadSeconds, connections);
    await server.stop('SIGTERM');
    print();
    print(`Ingest throughput (${connections} connections, ${loadSeconds} s each, load generator on the same cores; acknowledged = spooled durably)`);
    const meanBatch = batches.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / batches.length;
    print(`  replay batches: ${(replay.bytes / replay.seconds / 1_048_576).toFixed(2)} MB/s (${(replay.acknowledged / replay.seconds).toFixed(0)} batches/s of ${kb(meanBatch)} mean, ${replay.refused} refused)`);
    print(`  tracking:       ${(tracking.acknowledged / tracking.seconds).toFixed(0)} events/s (${tracking.refused} refused)`);
    print(`load average at end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    if (!process.argv.includes('--keep-data')) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
