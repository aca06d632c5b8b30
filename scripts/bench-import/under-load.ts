// `npm run bench:import-load`: what an import does to everyone else. A Loupe server runs as its own process on
// a fresh DATA_DIR; organization B's site holds seeded history, organization A imports a generated Umami
// export of --rows rows over HTTP (as `loupe import --url` does). Measured, idle and during the import:
// /api/health/live latency (probed every 10 ms), B's overview latency (every 250 ms); the import's rows/s;
// the server's and this process's resident memory.
// Options: --rows 1000000 --batch-size 5000 --seed-rows 100000 --port N (the server's port; a free one by default)
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { httpCaller } from '../../src/cli/api-caller.js';
import { bootstrap } from '../../src/cli/bootstrap.js';
import { runImport } from '../../src/cli/import-command.js';
import { httpImportTarget } from '../../src/cli/import-targets.js';
import { projectPath } from '../../src/platform/project-path.js';
import { readRssKb, RssSampler } from '../bench-ingest/rss-sampler.js';
import { freePort, startServer } from '../bench-ingest/server-process.js';
import { writeGeneratedExport } from './generated-export.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, 'batch-size': { type: 'string', default: '5000' }, 'seed-rows': { type: 'string', default: '100000' }, port: { type: 'string' } } });
const rows = Number(values.rows);
const batchRows = Number(values['batch-size']);
const seedRows = Number(values['seed-rows']);
const DAY_MS = 86_400_000;

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
}

function describe(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `n=${sorted.length} p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`;
}

/** Calls `probe` every `everyMs` (one at a time) until stopped; returns each call's latency in ms. */
function sampler(everyMs: number, probe: () => Promise<void>) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await probe();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return { latencies, stop: async () => { running = false; await loop; return latencies; } };
}

/** The events a generated file of `count` rows spans end a day before now. */
const endFor = (count: number) => Date.now() - DAY_MS + 60 * DAY_MS - count * 10_000;

const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-import-load-'));
const port = values.port === undefined ? await freePort() : Number(values.port);
const server = await startServer({
  name: 'loupe',
  args: ['--import', 'tsx', 'src/main.ts'],
  env: {
    ...process.env, DATA_DIR: join(dir, 'data'), PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn',
    DISABLE_SIGNUP: 'false', IMPORT_DAILY_ROW_QUOTA: '0',
  },
  cwd: projectPath(),
  port,
  ready: { method: 'GET', path: '/api/health/live' },
}).catch(async (err: unknown) => {
  await rm(dir, { recursive: true, force: true });
  throw err;
});
try {
  const api = httpCaller(server.baseUrl);
  const b = await bootstrap(api, { email: 'bench-b@example.com', password: 'a-long-password-b', org: 'bench b', domain: 'b.example.com' });
  const a = await bootstrap(api, { email: 'bench-a@example.com', password: 'a-long-password-a', org: 'bench a', domain: 'a.example.com' });
  const seedFile = join(dir, 'seed.csv');
  await writeGeneratedExport(seedFile, 'umami', seedRows, endFor(seedRows));
  await runImport(httpImportTarget(server.baseUrl, b.apiKey.key, String(b.site.siteId)), { file: seedFile, format: 'umami', batchRows });
  const file = join(dir, 'import.csv');
  await writeGeneratedExport(file, 'umami', rows, endFor(rows));
  const fileMb = (await stat(file)).size / 1024 / 1024;

  const health = async () => { await (await fetch(`${server.baseUrl}/api/health/live`)).arrayBuffer(); };
  const from = new Date(Date.now() - 200 * DAY_MS).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  const overview = async () => {
    const response = await fetch(`${server.baseUrl}/api/sites/${b.site.siteId}/overview?start_date=${from}&end_date=${to}&time_zone=UTC`, { headers: { authorization: `Bearer ${b.apiKey.key}` } });
    if (!response.ok) throw new Error(`overview: ${response.status}`);
    await response.arrayBuffer();
  };

  // Idle: 10 s of both probes.
  const idleRssMb = (readRssKb(server.pid) ?? 0) / 1024;
  const ownIdleMb = process.memoryUsage().rss / 1024 / 1024;
  const idleHealth = sampler(10, health);
  const idleOverview = sampler(250, overview);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idle = { health: await idleHealth.stop(), overview: await idleOverview.stop() };

  // During the import.
  const rss = new RssSampler(server.pid);
  let ownPeakMb = 0;
  const ownRss = setInterval(() => { ownPeakMb = Math.max(ownPeakMb, process.memoryUsage().rss / 1024 / 1024); }, 100);
  const busyHealth = sampler(10, health);
  const busyOverview = sampler(250, overview);
  const started = performance.now();
  const summary = await runImport(httpImportTarget(server.baseUrl, a.apiKey.key, String(a.site.siteId)), { file, format: 'umami', batchRows });
  const seconds = (performance.now() - started) / 1000;
  const busy = { health: await busyHealth.stop(), overview: await busyOverview.stop() };
  clearInterval(ownRss);
  rss.stop();

  const median = (samples: readonly number[]) => quantile([...samples].sort((x, y) => x - y), 0.5);
  const out = [
    `import: ${summary.rowsRead} rows (${fileMb.toFixed(0)} MB Umami CSV), ${summary.imported} imported, ${summary.skipped.total} skipped in ${seconds.toFixed(1)} s: ${Math.round(summary.rowsRead / seconds).toLocaleString('en-US')} rows/s`,
    `/api/health/live idle:   ${describe(idle.health)}`,
    `/api/health/live import: ${describe(busy.health)}`,
    `B's overview idle:       ${describe(idle.overview)}`,
    `B's overview import:     ${describe(busy.overview)}  (median ${(median(busy.overview) / median(idle.overview)).toFixed(2)}x idle)`,
    `server RSS: idle ${idleRssMb.toFixed(0)} MB, peak during import ${rss.peakMb().toFixed(0)} MB (+${(rss.peakMb() - idleRssMb).toFixed(0)} MB)`,
    `import client RSS: idle ${ownIdleMb.toFixed(0)} MB, peak ${ownPeakMb.toFixed(0)} MB (+${(ownPeakMb - ownIdleMb).toFixed(0)} MB)`,
    `batch size ${batchRows}, seeded ${seedRows} rows for B; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  await server.stop('SIGTERM');
  await rm(dir, { recursive: true, force: true });
}
