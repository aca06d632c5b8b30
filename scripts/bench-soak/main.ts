// `npm run bench:soak`: Loupe as a child process under a steady rate of tracking calls for a set number of
// minutes, with report reads; samples its resident memory every 10 s, measures freshness (acknowledgement
// to being counted by /metric) and, at the end, checks that every acknowledged event was stored.
// Prints a table and the criteria, and writes the whole run as JSON. `--help` lists the options.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBenchData } from '../bench-ingest/bench-data.js';
import { cpuSeconds } from '../bench-ingest/process-cpu.js';
import { readRssKb } from '../bench-ingest/rss-sampler.js';
import { LOUPE_SERVER_ARGS, startServer, type ServerProcess } from '../bench-ingest/server-process.js';
import { apiClient } from '../bench-query/api-client.js';
import { bootstrapBenchSite, readBenchSite } from '../bench-query/bench-site.js';
import { smapsBreakdown, type SmapsBreakdown } from '../bench-ready/smaps-breakdown.js';
import { FreshnessTracker } from './freshness-tracker.js';
import { compareFigures, describeChanges, readMemoryFigures, type FigureSample } from './memory-parts.js';
import { countTaggedSeconds, newReadStats, readDashboard } from './report-reads.js';
import { idleReport } from './idle-report.js';
import { evaluateSoak, levelWindows, type RssSample } from './soak-verdict.js';
import { OptionsError, USAGE, parseSoakOptions, type SoakOptions } from './soak-options.js';
import { countSoakRows, spoolSegments } from './soak-store.js';
import { TaggedLoad } from './tagged-load.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE_EVERY_MS = 10_000;
/** Idle time after start-up before the ready RSS is read: start-up work (migrations, caches) settles. */
const SETTLE_MS = 5_000;

interface Sample extends RssSample {
  readonly load: number;
  readonly cpuSeconds: number;
  readonly acknowledged: number;
  readonly backlog: number;
  readonly spoolSegments: number;
  readonly queued: number;
}

const print = (text = ''): void => void process.stdout.write(text + '\n');
const log = (text: string): void => void process.stderr.write(`  ${text}\n`);
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const loadNow = (): number => loadavg()[0] ?? 0;

/** The server's /metrics token for this run: its memory by part is read there with every sample. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

async function startLoupe(dataDir: string, port: number, logFile: string): Promise<ServerProcess> {
  return startServer({
    name: 'loupe',
    args: [...LOUPE_SERVER_ARGS],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', METRICS_TOKEN },
    cwd: REPO_ROOT,
    port,
    ready: { method: 'GET', path: '/api/health' },
    timeoutMs: 600_000,
    logFile,
  });
}

function table(samples: readonly Sample[], rate: number): string {
  const lines = ['   t | RSS MB | CPU µs/event | acked      | backlog | spool files | queued | load'];
  let previous: Sample | undefined;
  for (const s of samples) {
    const events = previous === undefined ? 0 : s.acknowledged - previous.acknowledged;
    const cpu = previous !== undefined && events > 0 ? (((s.cpuSeconds - previous.cpuSeconds) * 1e6) / events).toFixed(0) : '-';
    const minute = `${Math.floor(s.t / 60)}:${String(Math.round(s.t % 60)).padStart(2, '0')}`;
    lines.push(
      `${minute.padStart(5)} | ${s.rssMb.toFixed(0).padStart(6)} | ${cpu.padStart(12)} | ${String(s.acknowledged).padStart(10)} | ${String(s.backlog).padStart(7)} | ${String(s.spoolSegments).padStart(11)} | ${String(s.queued).padStart(6)} | ${s.load.toFixed(2)}`,
    );
    previous = s;
  }
  lines.push(`(rate asked: ${rate}/s; backlog = acknowledged events not yet counted by the report; CPU = the server's, all threads)`);
  return lines.join('\n');
}

async function run(options: SoakOptions): Promise<number> {
  const fresh = options.dataDir === undefined;
  const dataDir = options.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'loupe-bench-soak-')) : resolve(options.dataDir);
  const runTag = randomBytes(4).toString('hex');
  print(`Loupe soak: ${options.rate} tracking calls/s (one landing pageview per new visitor) for ${options.minutes} min, report reads every ${options.readsEverySeconds} s, freshness probe every ${options.pollMs} ms`);
  print(`machine: ${cpus().length} cores, node ${process.version}, load average at start ${loadavg().map((v) => v.toFixed(2)).join(' ')}; data: ${dataDir}${fresh ? ' (fresh)' : ''}; run tag ${runTag}`);
  const site = readBenchSite(dataDir) ?? (await bootstrapBenchSite(REPO_ROOT, dataDir, loadBenchData().hostname));
  const out = options.out ?? join(tmpdir(), `bench-soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const serverLog = out.replace(/\.json$/, '') + '.server.log';
  log(`starting Loupe on port ${options.port} (its output: ${serverLog}) ...`);
  const server = await startLoupe(dataDir, options.port, serverLog);
  try {
    await sleep(SETTLE_MS);
    const readyRssMb = (readRssKb(server.pid) ?? 0) / 1024;
    log(`ready RSS ${readyRssMb.toFixed(0)} MB`);
    const freshness = new FreshnessTracker();
    const load = new TaggedLoad({ baseUrl: server.baseUrl, siteId: site.id, runTag, rate: options.rate, connections: options.connections, seed: options.seed, freshness });
    const probeClient = apiClient(server.baseUrl, site.apiKey);
    const dashboardClient = apiClient(server.baseUrl, site.apiKey);
    const probeStats = newReadStats();
    const dashboardStats = newReadStats();
    const samples: Sample[] = [];
    const figureSamples: FigureSample[] = [];
    const cpuAtStart = cpuSeconds(server.pid);
    const sample = async (t: number): Promise<void> => {
      samples.push({
        t,
        rssMb: (readRssKb(server.pid) ?? 0) / 1024,
        load: loadNow(),
        cpuSeconds: cpuSeconds(server.pid) - cpuAtStart,
        acknowledged: load.counts.acknowledged,
        backlog: freshness.backlog(),
        spoolSegments: await spoolSegments(dataDir),
        queued: load.counts.queued,
      });
      const figures = await readMemoryFigures(server.baseUrl, METRICS_TOKEN);
      figureSamples.push({ t, figures });
      const last = samples[samples.length - 1];
      const mb = (key: string): string => ((figures?.[key] ?? NaN) / 1024 / 1024).toFixed(0);
      if (last) log(`t=${t.toFixed(0)} s RSS ${last.rssMb.toFixed(0)} MB (anon ${mb('process.rss_anonymous')}, heap ${mb('process.v8_heap_total')}, engine tracks ${mb('engine.MemoryTracking')}, jemalloc resident ${mb('engine.jemalloc.resident')}), acked ${last.acknowledged}, backlog ${last.backlog}, spool ${last.spoolSegments}, load ${last.load.toFixed(2)}`);
    };

    const epochAtStart = Date.now();
    load.begin();
    const elapsed = (): number => (performance.now() - load.start) / 1000;
    let loading = true;
    let probing = true;
    await sample(0);
    const sampler = setInterval(() => void sample(elapsed()), SAMPLE_EVERY_MS);
    const probe = (async () => {
      while (probing) {
        const oldest = freshness.pendingSeconds()[0];
        if (oldest !== undefined) {
          const counted = await countTaggedSeconds(probeClient, site.siteId, runTag, epochAtStart + oldest * 1000, probeStats);
          if (counted) freshness.observe(counted, performance.now());
        }
        await sleep(options.pollMs);
      }
    })();
    const dashboard = (async () => {
      while (loading && options.readsEverySeconds > 0) {
        await readDashboard(dashboardClient, site.siteId, dashboardStats);
        await sleep(options.readsEverySeconds * 1000);
      }
    })();

    await sleep(options.minutes * 60_000);
    loading = false;
    await load.end();
    const loadSeconds = elapsed();
    const backlogAtStop = freshness.backlog();
    log(`load stopped after ${loadSeconds.toFixed(0)} s; ${backlogAtStop} acknowledged events not yet counted`);
    const drainStart = performance.now();
    while (freshness.backlog() > 0 && performance.now() - drainStart < options.drainSeconds * 1000) await sleep(options.pollMs);
    const drainSeconds = (performance.now() - drainStart) / 1000;
    probing = false;
    await Promise.all([probe, dashboard]);
    await sample(elapsed());
    // The server's CPU for the load, its reads and the drain (not the idle stretch after them).
    const loadCpuSeconds = samples[samples.length - 1]?.cpuSeconds ?? 0;
    const idleFrom = elapsed();
    if (options.idleSeconds > 0) {
      log(`idle for ${options.idleSeconds} s: no traffic, no reads, memory still sampled`);
      await sleep(options.idleSeconds * 1000);
      await sample(elapsed());
    }
    clearInterval(sampler);
    const idleEnd = elapsed();
    const idleSmaps = options.idleSeconds > 0 ? await readSmaps(server.pid) : undefined;
    probeClient.close();
    dashboardClient.close();

    const stopped = await server.stop('SIGTERM');
    log(`Loupe stopped (exit ${String(stopped.code)}) after ${stopped.ms} ms`);
    const stored = await countSoakRows(dataDir, site.siteId, runTag);
    const counts = load.counts;
    const unanswered = counts.errors;
    const summary = freshness.summary();
    const criteria = evaluateSoak({
      minutes: options.minutes,
      samples,
      readyRssMb,
      acknowledged: counts.acknowledged,
      stored: stored.events + stored.botEvents,
      unanswered,
      freshnessP99Ms: summary.p99Ms,
      neverCounted: summary.neverCounted,
    });

    print();
    print(table(samples, options.rate));
    print();
    const peak = Math.max(...samples.map((s) => s.rssMb));
    print(`sent ${counts.sent} in ${loadSeconds.toFixed(0)} s (${(counts.sent / loadSeconds).toFixed(0)}/s), acknowledged ${counts.acknowledged}, refused ${JSON.stringify(Object.fromEntries(counts.refused))}, transport errors ${counts.errors}`);
    print(`RSS: ready ${readyRssMb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB; server CPU ${loadCpuSeconds.toFixed(0)} s (${((loadCpuSeconds * 1e6) / Math.max(1, counts.acknowledged)).toFixed(0)} µs per acknowledged event, all threads, incl. report reads)`);
    print(`freshness (acknowledgement -> counted by /metric, probe every ${options.pollMs} ms): p50 ${(summary.p50Ms / 1000).toFixed(2)} s, p99 ${(summary.p99Ms / 1000).toFixed(2)} s, max ${(summary.maxMs / 1000).toFixed(2)} s over ${summary.measured} events; p99 ${(summary.wholeSecondP99Ms / 1000).toFixed(2)} s when each second's events all wait for its last one`);
    print(`at load stop ${backlogAtStop} acknowledged events were not yet counted; ${summary.neverCounted} still not after ${drainSeconds.toFixed(1)} s`);
    print(`report reads: probe ${probeStats.count} (mean ${(probeStats.totalMs / Math.max(1, probeStats.count)).toFixed(0)} ms, max ${probeStats.maxMs.toFixed(0)} ms, ${probeStats.failures} failed); dashboard ${dashboardStats.count} (mean ${(dashboardStats.totalMs / Math.max(1, dashboardStats.count)).toFixed(0)} ms, max ${dashboardStats.maxMs.toFixed(0)} ms, ${dashboardStats.failures} failed)`);
    for (const failure of [...probeStats.failureSamples, ...dashboardStats.failureSamples]) print(`  e.g. ${failure}`);
    print(`stored rows tagged ${runTag}: events ${stored.events}, bot_events ${stored.botEvents}; shutdown exit code ${String(stopped.code)}`);
    print();
    print('criteria (issue #38):');
    for (const c of criteria) print(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.measured} (target ${c.target})`);
    const windows = levelWindows(options.minutes);
    print();
    print(`memory by part, minutes ${windows.middle.join('-')} against ${windows.last.join('-')}:`);
    print(describeChanges(compareFigures(figureSamples, windows.middle, windows.last)));
    if (options.idleSeconds > 0) print(idleReport(samples, figureSamples, readyRssMb, { loadSeconds, idleFrom, idleTo: idleEnd }, idleSmaps));
    print(`load average at end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);

    const result = {
      options, runTag, dataDir, readyRssMb, peakRssMb: peak, samples, loadSeconds, backlogAtStop, drainSeconds, idleFrom,
      counts: { ...counts, refused: Object.fromEntries(counts.refused) }, stored, freshness: summary,
      reads: { probe: probeStats, dashboard: dashboardStats }, criteria, shutdown: stopped, memoryParts: figureSamples,
    };
    await writeFile(out, JSON.stringify(result, null, 2) + '\n');
    print(`JSON: ${out}; the server's output: ${serverLog}`);
    return criteria.every((c) => c.ok) ? 0 : 2;
  } finally {
    await server.stop('SIGKILL').catch(() => undefined);
    if (fresh && !options.keepData) await rm(dataDir, { recursive: true, force: true });
    else if (fresh) print(`data kept in ${dataDir}`);
  }
}

/** Where the server's pages are (undefined where /proc is missing or the process is gone). */
async function readSmaps(pid: number): Promise<SmapsBreakdown | undefined> {
  try {
    return smapsBreakdown(await readFile(`/proc/${pid}/smaps`, 'utf8'), 10);
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  let options: SoakOptions;
  try {
    options = parseSoakOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 64;
  }
  if (options.help) {
    print(USAGE);
    return 0;
  }
  return run(options);
}

process.exitCode = await main();
