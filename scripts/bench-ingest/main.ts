// `npm run bench:ingest`: Loupe's POST /api/track against a bare Fastify baseline on the same machine —
// rounds of max throughput (the ratio is the median of the rounds' ratios), then a fixed rate at half the
// baseline's median max — with latency, RSS and a stored-rows check.
// Options: --warmup 5 --duration 15 --connections 50 --rounds 3 --seed N --keep-data --cpu-prof <dir> (profiles ours;
// read it with summarize-cpu-profile.ts --from/--to, using the [t=…] lines printed to stderr).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, type BenchOptions } from './bench-options.js';
import { bootstrapSite } from './bootstrap-site.js';
import { evaluateTargets, median, renderHalfLoadContext, renderTable, renderThreadSplit, renderVerdict, throughputRatio, type PhaseMeasurement } from './bench-report.js';
import { countStoredRows } from './count-stored-rows.js';
import { RssSampler } from './rss-sampler.js';
import { runPhases } from './run-phases.js';
import { freePort, LOUPE_SERVER_ARGS, startServer, type ServerProcess } from './server-process.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOMAIN = 'example.com';

function print(text = ''): void {
  process.stdout.write(text + '\n');
}

async function startServers(dataDir: string, options: BenchOptions): Promise<{ ours: ServerProcess; bare: ServerProcess }> {
  const oursPort = await freePort();
  const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  // With --cpu-prof, subtract this from a phase's t= to get its offset in the profile (summarize --from/--to).
  process.stderr.write(`  [t=${(performance.now() / 1000).toFixed(1)} s] starting ours\n`);
  const ours = await startServer({
    name: 'ours',
    args: [...profiling, ...LOUPE_SERVER_ARGS],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(oursPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
    cwd: REPO_ROOT,
    port: oursPort,
    ready: { method: 'GET', path: '/api/health' },
  });
  const barePort = await freePort();
  const bare = await startServer({
    name: 'bare',
    args: ['--import', 'tsx', 'scripts/bench-ingest/bare-server.ts'],
    env: { ...process.env, PORT: String(barePort) },
    cwd: REPO_ROOT,
    port: barePort,
    ready: { method: 'POST', path: '/api/track', body: '{}' },
  });
  return { ours, bare };
}

function printEnvironment(options: BenchOptions): void {
  const cores = cpus();
  print('Loupe ingestion benchmark: POST /api/track, ours (full pipeline, durable buffers, chDB) vs a bare Fastify server');
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  print(`machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}, load average at start ${load}`);
  print(`NOTE: the load generator (this process: autocannon, and a small paced client) and the server under test share these ${cores.length} cores;`);
  print('      the idle other server runs too. Throughput is what this box sustains with both, not the server alone.');
  print(
    `load: ${options.connections} connections, pipelining 1, warm-up ${options.warmupSeconds} s, phases ${options.durationSeconds} s, ${options.rounds} max-throughput rounds, seed ${options.seed};` +
      ' every request differs (visitors with a browser UA + matching headers, X-Forwarded-For, page sequence).',
  );
  print();
}

const BUSY_MACHINE_CPU_PERCENT = 20;

function printContention(measurements: readonly PhaseMeasurement[]): void {
  const busy = measurements.filter((m) => m.otherCpuPercent > BUSY_MACHINE_CPU_PERCENT);
  if (busy.length === 0) return;
  print(`WARNING: other processes used more than ${BUSY_MACHINE_CPU_PERCENT}% of a core during ${busy.length} phase(s) (column "other CPU %");`);
  print('         those figures measure a shared machine, not Loupe. Re-run on an idle machine.');
}

function printProblems(measurements: readonly PhaseMeasurement[]): void {
  let clean = true;
  for (const m of measurements) {
    const non2xx = Object.entries(m.statusCounts).filter(([status]) => !status.startsWith('2'));
    if (non2xx.length === 0 && m.mismatches === 0 && m.errors === 0) continue;
    clean = false;
    print(`  ${m.server} / ${m.phase}: statuses ${JSON.stringify(m.statusCounts)}, unexpected bodies ${m.mismatches}, errors ${m.errors}`);
    for (const sample of m.samples) print(`    e.g. ${sample}`);
  }
  if (clean) print('  none: every response of every phase was 200 {"success":true}');
}

async function verifyStored(ours: ServerProcess, dataDir: string, siteId: number, oursPhases: readonly PhaseMeasurement[]): Promise<boolean> {
  const stopped = await ours.stop('SIGTERM');
  print(`ours stopped with SIGTERM: exit code ${String(stopped.code)} after ${stopped.ms} ms (buffers flushed into chDB)`);
  const acknowledged = oursPhases.reduce((sum, m) => sum + m.acknowledged, 0);
  // autocannon drops its connections when a phase ends: requests in flight then are stored but never answered.
  const unanswered = oursPhases.reduce((sum, m) => sum + (m.sent - m.responses), 0);
  const stored = await countStoredRows(dataDir, siteId);
  const total = stored.events + stored.botEvents;
  const ok = stopped.code === 0 && total >= acknowledged && total <= acknowledged + unanswered;
  print(`acknowledged by ours (200 {"success":true}, all phases incl. warm-up): ${acknowledged}; sent but cut in flight at phase ends: ${unanswered}`);
  print(`stored: ${total} (events ${stored.events} + bot_events ${stored.botEvents}); expected between ${acknowledged} and ${acknowledged + unanswered}`);
  print(`stored-rows check: ${ok ? 'OK' : 'FAILED'}`);
  return ok;
}

async function main(): Promise<number> {
  const options = parseOptions();
  printEnvironment(options);
  const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-ingest-'));
  process.stderr.write(`  bootstrapping a site on ${dataDir} ...\n`);
  const site = await bootstrapSite(REPO_ROOT, dataDir, DOMAIN);
  const servers = await startServers(dataDir, options);
  const wholeRun = { ours: new RssSampler(servers.ours.pid), bare: new RssSampler(servers.bare.pid) };
  let verified: boolean;
  try {
    const { table, warmups, rate } = await runPhases(servers, site.id, options);
    print(renderTable(table));
    print(`warm-up (${options.warmupSeconds} s, not in the table): ${warmups.map((m) => `${m.server} ${m.eventsPerSecond.toFixed(0)} events/s`).join(', ')}`);
    printContention([...warmups, ...table]);
    print(`peak RSS over the whole run: ours ${wholeRun.ours.stop().toFixed(0)} MB, bare ${wholeRun.bare.stop().toFixed(0)} MB`);
    print();
    const find = (server: string, phase: string): PhaseMeasurement => {
      const found = table.find((m) => m.server === server && m.phase.includes(phase));
      if (!found) throw new Error(`no ${server} ${phase} phase`);
      return found;
    };
    const maxOf = (server: string): PhaseMeasurement[] => table.filter((m) => m.server === server && m.phase.startsWith('max throughput'));
    const [oursRounds, bareRounds] = [maxOf('ours'), maxOf('bare')];
    const roundRatios = oursRounds.map((ours, index) => {
      const bare = bareRounds[index];
      return bare ? throughputRatio(ours, bare) : 0;
    });
    print(`ratio ours/bare per round: ${roundRatios.map((ratio, index) => `round ${index + 1} ${ratio.toFixed(3)}`).join(', ')}`);
    const [oursCpu, bareCpu] = [median(oursRounds.map((m) => m.serverCpuMicrosPerEvent)), median(bareRounds.map((m) => m.serverCpuMicrosPerEvent))];
    const costRatio = bareCpu > 0 ? oursCpu / bareCpu : 0;
    print(
      `server CPU per event at max throughput (median of the rounds): ours ${oursCpu.toFixed(0)} µs, bare ${bareCpu.toFixed(0)} µs` +
        ` (ours costs ${costRatio.toFixed(1)}x the bare; unlike events/s this barely moves when the machine is busy)`,
    );
    print('server CPU per event at max throughput by thread (median of the rounds):');
    print(renderThreadSplit('ours', oursRounds));
    print(renderThreadSplit('bare', bareRounds));
    const ratio = median(roundRatios);
    print(renderVerdict(evaluateTargets(ratio, find('ours', 'overallRate')), `${rate}/s, autocannon overallRate`));
    const paced = renderVerdict(evaluateTargets(ratio, find('ours', 'paced')), `${rate}/s, paced open loop`);
    print(paced.split('\n')[1] ?? '');
    print(renderHalfLoadContext({
      rate,
      oursMaxEventsPerSecond: median(oursRounds.map((m) => m.eventsPerSecond)),
      bareOverallRateP99Ms: find('bare', 'overallRate').p99Ms,
      barePacedP99Ms: find('bare', 'paced').p99Ms,
    }));
    print();
    print('non-2xx responses, unexpected bodies, errors:');
    printProblems([...warmups, ...table]);
    print();
    await servers.bare.stop('SIGTERM');
    verified = await verifyStored(servers.ours, dataDir, site.siteId, [...warmups, ...table].filter((m) => m.server === 'ours'));
  } finally {
    await Promise.allSettled([servers.ours.stop('SIGKILL'), servers.bare.stop('SIGKILL')]);
    if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    else print(`data kept in ${dataDir}`);
  }
  return verified ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:ingest failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
