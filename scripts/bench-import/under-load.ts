// `npm run bench:import-load`: what an import does to everyone else. A Loupe server runs as its own process on
// a fresh DATA_DIR (from its bundle, as `npm start` runs it); organization B's site holds seeded history, organization A imports a generated Umami
// export of --rows rows over HTTP from a client process of its own (as `loupe import --url` does). The import runs in phases of --phase-seconds,
// each between two pauses of the same length (the import held between two batches), so idle and busy figures
// are taken under the same machine load (the machine is shared). Measured in every phase: /api/health/live
// latency (probed every 10 ms) and B's overview latency (every 250 ms); per import phase, B's median overview
// against the median of the two pauses around it; the import's rows/s; the server's and the client's memory.
// With --via upload the file is uploaded whole, as the dashboard's imports page does (the server reads it and
// maps its batches itself): that import cannot be paused, so the idle figures come from --idle-phases phases
// before it and as many after it.
// Options: --rows 1000000 --batch-size 5000 --seed-rows 100000 --phase-seconds 10 --client-nice 0 --via batches|upload
// --idle-phases 3 --port N (a free one by default)
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
import { freePort, LOUPE_SERVER_ARGS, startServer } from '../bench-ingest/server-process.js';
import { writeGeneratedExport } from './generated-export.js';
import { describeLatencies, median, startProbe } from './latency-probes.js';
import { startImportClient } from './import-client-process.js';
import { uploadImport } from './upload-import.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' }, 'batch-size': { type: 'string', default: '5000' }, 'seed-rows': { type: 'string', default: '100000' },
    'phase-seconds': { type: 'string', default: '10' }, 'client-nice': { type: 'string', default: '0' }, port: { type: 'string' },
    via: { type: 'string', default: 'batches' }, 'idle-phases': { type: 'string', default: '3' },
  },
});
const rows = Number(values.rows);
const batchRows = Number(values['batch-size']);
const seedRows = Number(values['seed-rows']);
const phaseMs = Number(values['phase-seconds']) * 1000;
const clientNiceness = Number(values['client-nice']);
if (values.via !== 'batches' && values.via !== 'upload') throw new Error('--via is batches or upload');
const via = values.via;
const idlePhases = Number(values['idle-phases']);
const DAY_MS = 86_400_000;

interface Counts {
  readonly rowsRead: number;
  readonly imported: number;
  readonly skipped: number;
}

interface Phase {
  readonly kind: 'idle' | 'import';
  readonly health: number[];
  readonly overview: number[];
}

/** The events a generated file of `count` rows spans end a day before now. */
const endFor = (count: number) => Date.now() - DAY_MS + 60 * DAY_MS - count * 10_000;

const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-import-load-'));
const port = values.port === undefined ? await freePort() : Number(values.port);
const server = await startServer({
  name: 'loupe',
  // As `npm start` runs it: from its bundle.
  args: LOUPE_SERVER_ARGS,
  env: {
    ...process.env, DATA_DIR: join(dir, 'data'), PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn',
    DISABLE_SIGNUP: 'false', IMPORT_DAILY_ROW_QUOTA: '0',
  },
  cwd: projectPath(),
  port,
  ready: { method: 'GET', path: '/api/health/live' },
  // The machine is shared: a start under load takes longer than the default minute.
  timeoutMs: 300_000,
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

  const healthProbe = async () => { await (await fetch(`${server.baseUrl}/api/health/live`)).arrayBuffer(); };
  const from = new Date(Date.now() - 200 * DAY_MS).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  const overviewProbe = async () => {
    const response = await fetch(`${server.baseUrl}/api/sites/${b.site.siteId}/overview?start_date=${from}&end_date=${to}&time_zone=UTC`, { headers: { authorization: `Bearer ${b.apiKey.key}` } });
    if (!response.ok) throw new Error(`overview: ${response.status}`);
    await response.arrayBuffer();
  };

  const idleRssMb = (readRssKb(server.pid) ?? 0) / 1024;
  const rss = new RssSampler(server.pid);
  const loadAtStart = loadavg();

  const phases: Phase[] = [];
  const measure = async (kind: Phase['kind'], importing?: Promise<unknown>) => {
    // Each phase's span on stderr, to line up with the server's own logs or profiles (epoch ms).
    process.stderr.write(`[phase ${kind} from ${Date.now()}]\n`);
    const health = startProbe(10, healthProbe);
    const overview = startProbe(250, overviewProbe);
    const elapsed = new Promise((resolve) => setTimeout(resolve, phaseMs));
    await (importing ? Promise.race([elapsed, importing]) : elapsed);
    phases.push({ kind, health: await health.stop(), overview: await overview.stop() });
  };
  let finished: Counts | undefined;
  let importMs = 0;
  let client: RssSampler | undefined;
  let clientIdleMb = 0;
  if (via === 'batches') {
    const control = startImportClient({ baseUrl: server.baseUrl, apiKey: a.apiKey.key, siteId: String(a.site.siteId), file, batchRows, niceness: clientNiceness });
    client = new RssSampler(control.pid);
    const importing = control.done.then((summary) => { finished = { rowsRead: summary.rowsRead, imported: summary.imported, skipped: summary.skipped.total }; });
    // The client has started and read nothing yet (it waits for its first phase).
    await control.ready;
    clientIdleMb = (readRssKb(control.pid) ?? 0) / 1024;
    while (finished === undefined) {
      await measure('idle');
      const resumed = performance.now();
      control.resume();
      await measure('import', importing);
      // The batch under way is the import's time too: it is answered before the next pause starts.
      if (finished === undefined) await control.pause();
      importMs += performance.now() - resumed;
    }
    await importing;
  } else {
    for (let phase = 0; phase < idlePhases; phase++) await measure('idle');
    const started = performance.now();
    const importing = uploadImport(server.baseUrl, a.apiKey.key, String(a.site.siteId), file, 'umami')
      .then((counts) => { finished = { rowsRead: counts.rowsRead, imported: counts.importedEvents, skipped: counts.skippedEvents }; });
    while (finished === undefined) await measure('import', importing);
    await importing;
    importMs = performance.now() - started;
    for (let phase = 1; phase < idlePhases; phase++) await measure('idle');
  }
  await measure('idle');
  rss.stop();
  client?.stop();

  const summary = finished as Counts;
  const of = (kind: Phase['kind'], probe: 'health' | 'overview') => phases.filter((phase) => phase.kind === kind).flatMap((phase) => phase[probe]);
  // Each import phase against the pauses before and after it (the machine's load drifts over minutes).
  const ratios = phases.flatMap((phase, index) => {
    const around = [phases[index - 1], phases[index + 1]].flatMap((neighbour) => (neighbour?.kind === 'idle' ? neighbour.overview : []));
    return phase.kind === 'import' && phase.overview.length >= 3 && around.length > 0 ? [median(phase.overview) / median(around)] : [];
  });
  const sortedRatios = [...ratios].sort((x, y) => x - y);
  const seconds = importMs / 1000;
  const out = [
    `import: ${summary.rowsRead} rows (${fileMb.toFixed(0)} MB Umami CSV), ${summary.imported} imported, ${summary.skipped} skipped in ${seconds.toFixed(1)} s of import phases (${via === 'upload' ? 'uploaded whole' : `batch posts, ${batchRows} rows each`}): ${Math.round(summary.rowsRead / seconds).toLocaleString('en-US')} rows/s`,
    `/api/health/live idle:   ${describeLatencies(of('idle', 'health'))}`,
    `/api/health/live import: ${describeLatencies(of('import', 'health'))}`,
    `B's overview idle:       ${describeLatencies(of('idle', 'overview'))}`,
    `B's overview import:     ${describeLatencies(of('import', 'overview'))}  (median ${(median(of('import', 'overview')) / median(of('idle', 'overview'))).toFixed(2)}x idle)`,
    `B's overview per phase:  median ${median(ratios).toFixed(2)}x the pauses around it (${ratios.length} phases of ${phaseMs / 1000} s, from ${(sortedRatios[0] ?? Number.NaN).toFixed(2)}x to ${(sortedRatios.at(-1) ?? Number.NaN).toFixed(2)}x)`,
    `server RSS: idle ${idleRssMb.toFixed(0)} MB, peak during import ${rss.peakMb().toFixed(0)} MB (+${(rss.peakMb() - idleRssMb).toFixed(0)} MB)`,
    ...(client ? [`import client RSS (a process of its own, ${clientNiceness} steps nicer): before its first batch ${clientIdleMb.toFixed(0)} MB, peak ${client.peakMb().toFixed(0)} MB (+${(client.peakMb() - clientIdleMb).toFixed(0)} MB)`] : []),
    `batch size ${batchRows}, seeded ${seedRows} rows for B; load average at the start ${loadAtStart.map((n) => n.toFixed(2)).join(' ')}, at the end ${loadavg().map((n) => n.toFixed(2)).join(' ')}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  await server.stop('SIGTERM');
  await rm(dir, { recursive: true, force: true });
}
