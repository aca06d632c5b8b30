// Entry of `npm run bench:export`: streams a site's raw export from a real server over HTTP and reports the
// rows per second and the server's resident memory (idle, and the peak during each export), to show that the
// export streams (flat memory) and that a slow reader holds the server's reads back instead of filling memory;
// then imports the export with `loupe import --format loupe` into a fresh instance and compares its reports.
import { dirname, join } from 'node:path';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RssSampler, readRssKb } from '../bench-ingest/rss-sampler.js';
import { freePort, startServer, type ServerProcess } from '../bench-ingest/server-process.js';
import { bootstrapBenchSite, readBenchSite, type BenchSite } from '../bench-query/bench-site.js';
import { copyMetadata, importThroughCli, type ImportReading } from './round-trip.js';
import { exportedSessionIds, roundTripReports, sessionIdTranslator } from './round-trip-reports.js';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = `npm run bench:export -- [--data-dir /tmp/exports-1m] [--slow-mb-per-s 5] [--slow-seconds 15] [--batch-size 5000]

Needs a data set made first: npm run generate-events -- --events 1000000 --days 30 --data-dir /tmp/exports-1m
`;

interface Reading {
  readonly label: string;
  readonly rows: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly peakRssMb: number;
  /** The server's RSS (MB) after each further 250,000 lines: flat when the export streams. */
  readonly rssAlong: readonly number[];
}

const CHECKPOINT_LINES = 250_000;

const log = (text: string): void => void process.stderr.write(`${text}\n`);

/** Reads the export, at most `bytesPerSecond` when given (a slow client), for at most `maxSeconds`. */
async function readExport(server: ServerProcess, site: BenchSite, query: string, label: string, pace?: { bytesPerSecond: number; maxSeconds: number }): Promise<Reading> {
  const sampler = new RssSampler(server.pid, 50);
  const controller = new AbortController();
  const startedAt = performance.now();
  const response = await fetch(`${server.baseUrl}/api/sites/${site.siteId}/export?${query}`, { headers: { authorization: `Bearer ${site.apiKey}` }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let rows = 0;
  let bytes = 0;
  const rssAlong: number[] = [];
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let at = value.indexOf(0x0a); at >= 0; at = value.indexOf(0x0a, at + 1)) {
        rows += 1;
        if (rows % CHECKPOINT_LINES === 0) rssAlong.push((readRssKb(server.pid) ?? 0) / 1024);
      }
      if (!pace) continue;
      const elapsed = (performance.now() - startedAt) / 1000;
      if (elapsed > pace.maxSeconds) break;
      const ahead = bytes / pace.bytesPerSecond - elapsed;
      if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead * 1000));
    }
  } finally {
    controller.abort();
  }
  return { label, rows, bytes, seconds: (performance.now() - startedAt) / 1000, peakRssMb: sampler.stop(), rssAlong };
}

async function idleRssMb(pid: number, seconds: number): Promise<number> {
  const sampler = new RssSampler(pid, 100);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return sampler.stop();
}

function line(reading: Reading, idleMb: number): string {
  const rate = reading.rows / reading.seconds;
  const along = reading.rssAlong.length > 0 ? `; RSS every 250k lines: ${reading.rssAlong.map((mb) => mb.toFixed(0)).join(', ')} MB` : '';
  return `${reading.label.padEnd(38)} ${String(reading.rows).padStart(9)} lines  ${(reading.bytes / 1e6).toFixed(0).padStart(5)} MB  ${reading.seconds.toFixed(1).padStart(5)} s  ${Math.round(rate).toString().padStart(6)} lines/s  peak RSS ${reading.peakRssMb.toFixed(0)} MB (+${(reading.peakRssMb - idleMb).toFixed(0)} over idle)${along}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, 'slow-mb-per-s': { type: 'string' }, 'slow-seconds': { type: 'string' }, 'batch-size': { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) return void process.stdout.write(USAGE);
  const dataDir = values['data-dir'] ?? '/tmp/exports-1m';
  if (!existsSync(join(dataDir, 'analytics'))) throw new Error(`no data set in ${dataDir}\n\n${USAGE}`);
  let site = readBenchSite(dataDir);
  if (!site) {
    log(`bootstrapping an account, organization, site and API key on ${dataDir} ...`);
    site = await bootstrapBenchSite(REPO_ROOT, dataDir, 'export.example.com');
  }
  const scratch = mkdtempSync(join(tmpdir(), 'loupe-bench-export-'));
  try {
    const exportFile = join(scratch, 'export.ndjson');
    const original = await measureExports(dataDir, site, values, exportFile);
    log('importing the export with loupe import --format loupe into a fresh instance (the round trip) ...');
    const copy = join(scratch, 'copy');
    copyMetadata(dataDir, copy);
    const batchRows = Number(values['batch-size'] ?? '5000');
    const sessionIds = await sessionIdsOf(exportFile);
    const { reading, copied } = await withServer(copy, async (server) => {
      const imported = await importThroughCli(REPO_ROOT, server, site, exportFile, batchRows);
      const translate = sessionIdTranslator(imported.summary.importId, sessionIds);
      return { reading: imported, copied: await reportAnswers(server, site, translate) };
    });
    process.stdout.write(`\n${importLine(reading)}\n`);
    const differing = [...original.keys()].filter((report) => original.get(report) !== copied.get(report));
    process.stdout.write(`${original.size - differing.length} of ${original.size} reports identical${differing.length > 0 ? `; differing: ${differing.join(', ')}` : ''}\n`);
    if (differing.length > 0) process.exitCode = 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function withServer<T>(dataDir: string, run: (server: ServerProcess) => Promise<T>): Promise<T> {
  const port = await freePort();
  const server = await startServer({
    name: 'loupe', args: ['--import', 'tsx', 'src/main.ts'], cwd: REPO_ROOT, port, timeoutMs: 300_000,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    ready: { method: 'GET', path: '/api/health' },
  });
  try {
    return await run(server);
  } finally {
    await server.stop('SIGTERM');
  }
}

/** Every round-trip report over all time (the data set's own range), as the JSON text the server sent (translated by `translate`). */
async function reportAnswers(server: ServerProcess, site: BenchSite, translate: (answer: string) => string = (answer) => answer): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const report of roundTripReports('start_date=2000-01-01&end_date=2100-01-01&time_zone=UTC')) {
    const response = await fetch(`${server.baseUrl}/api/sites/${site.siteId}/${report}`, { headers: { authorization: `Bearer ${site.apiKey}` } });
    answers.set(report, `${response.status} ${translate(await response.text())}`);
  }
  return answers;
}

/** The distinct session ids of the export file's human events. */
async function sessionIdsOf(file: string): Promise<Set<string>> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  return exportedSessionIds(lines);
}

function importLine(reading: ImportReading): string {
  const { summary } = reading;
  return `Round trip through loupe import --format loupe --url: ${summary.rowsRead} lines read, ${summary.imported} imported, skipped ${JSON.stringify(summary.skipped.reasons)}` +
    ` in ${reading.seconds.toFixed(1)} s (${Math.round(summary.rowsRead / reading.seconds)} lines/s, ${Math.round(summary.imported / reading.seconds)} imported rows/s);` +
    ` peak RSS: server ${reading.serverPeakRssMb.toFixed(0)} MB, command ${reading.commandPeakRssMb.toFixed(0)} MB`;
}

/** The export readings on the original data, the NDJSON export saved to `exportFile`, and the original's reports. */
async function measureExports(dataDir: string, site: BenchSite, values: { 'slow-mb-per-s'?: string | undefined; 'slow-seconds'?: string | undefined }, exportFile: string): Promise<Map<string, string>> {
  return withServer(dataDir, async (server) => {
    const idle = await idleRssMb(server.pid, 3);
    log(`server pid ${server.pid}, idle RSS ${idle.toFixed(0)} MB; exporting site ${site.siteId} ...`);
    const slowBytes = Number(values['slow-mb-per-s'] ?? '5') * 1e6;
    const slowSeconds = Number(values['slow-seconds'] ?? '15');
    const readings = [
      await readExport(server, site, 'format=ndjson', 'NDJSON, human events'),
      await readExport(server, site, 'format=ndjson&bots=true', 'NDJSON, human and bot events'),
      await readExport(server, site, 'format=csv&bots=true', 'CSV (header line + rows), human and bot'),
      await readExport(server, site, 'format=ndjson', `NDJSON, slow reader (${slowBytes / 1e6} MB/s, ${slowSeconds} s)`, { bytesPerSecond: slowBytes, maxSeconds: slowSeconds }),
    ];
    const after = (readRssKb(server.pid) ?? 0) / 1024;
    process.stdout.write(`\nRaw export of site ${site.siteId} in ${dataDir} (server idle RSS ${idle.toFixed(0)} MB, after the exports ${after.toFixed(0)} MB)\n`);
    for (const reading of readings) process.stdout.write(`${line(reading, idle)}\n`);
    const response = await fetch(`${server.baseUrl}/api/sites/${site.siteId}/export?bots=true`, { headers: { authorization: `Bearer ${site.apiKey}` } });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(exportFile));
    return reportAnswers(server, site);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:export: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
