// Phase 1: the real server as a child process on DATA_DIR, its RSS sampled, every case timed over HTTP.
import { RssSampler } from '../bench-ingest/rss-sampler.js';
import { freePort, LOUPE_SERVER_ARGS, startServer } from '../bench-ingest/server-process.js';
import { apiClient, type ApiClient } from './api-client.js';
import { ensureGoals, type GoalSpec } from './bench-goals.js';
import type { BenchSite } from './bench-site.js';
import type { CaseRequest, ProbeValues } from './endpoint-cases.js';
import { startCpuMeter } from './cpu-meter.js';
import { timeRuns } from './latency-stats.js';
import { probeValues } from './probe-values.js';

export interface HttpJob {
  readonly key: string;
  readonly request: CaseRequest;
}

export interface HttpMeasurement {
  readonly key: string;
  readonly samples: number[];
  /** The warm-up answer, parsed. */
  readonly body: unknown;
  /** Other processes' CPU during the timed runs, in % of one core. */
  readonly otherCpuPercent: number;
  /** Server CPU time per timed request (all threads), in ms. */
  readonly cpuMsPerRun: number | undefined;
  readonly error?: string;
}

export interface HttpPhaseInput {
  readonly repoRoot: string;
  readonly dataDir: string;
  readonly site: BenchSite;
  readonly goals: readonly GoalSpec[];
  /** Parameters the probes use (the filtered variant's). */
  readonly probeParameters: Readonly<Record<string, string>>;
  /** The jobs, once the probe values are known. */
  readonly plan: (probes: ProbeValues) => HttpJob[];
  readonly runs: number;
  readonly log: (line: string) => void;
}

export interface HttpPhaseResult {
  readonly measurements: HttpMeasurement[];
  readonly probes: ProbeValues;
  /** RSS once the server answered its first request, and the highest seen until it stopped. */
  readonly startRssMb: number;
  readonly peakRssMb: number;
  readonly stopped: { code: number | null; ms: number };
  /** The last few kB the server wrote (warnings and errors). */
  readonly serverOutput: string;
}

export async function runHttpPhase(input: HttpPhaseInput): Promise<HttpPhaseResult> {
  // BENCH_PORT: the server's port when the machine's ports are shared out (a free one otherwise).
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const server = await startServer({
    name: 'loupe',
    args: [...LOUPE_SERVER_ARGS],
    env: { ...process.env, DATA_DIR: input.dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', API_KEY_RATE_LIMIT_MAX: '100000000' },
    cwd: input.repoRoot,
    port,
    ready: { method: 'GET', path: '/api/health' },
    timeoutMs: 180_000,
  });
  const sampler = new RssSampler(server.pid, 50);
  const startRssMb = sampler.peakMb();
  let stopped: HttpPhaseResult['stopped'] | undefined;
  const client = apiClient(server.baseUrl, input.site.apiKey);
  try {
    const created = await ensureGoals(client.call, input.site.siteId, input.goals);
    if (created > 0) input.log(`  created ${created} goal(s)`);
    const probes = await probeValues(client.call, input.site.siteId, input.probeParameters);
    const measurements: HttpMeasurement[] = [];
    for (const job of input.plan(probes)) {
      input.log(`  http ${job.key}`);
      measurements.push(await measure(client.send, job, input.runs, server.pid));
    }
    const peakRssMb = sampler.stop();
    client.close();
    stopped = await server.stop('SIGTERM');
    return { measurements, probes, startRssMb, peakRssMb, stopped, serverOutput: server.output() };
  } finally {
    sampler.stop();
    client.close();
    if (!stopped) await server.stop('SIGKILL');
  }
}

/** One warm-up request (its answer kept), then `runs` timed ones; any non-200 answer marks the case as failed. */
async function measure(send: ApiClient['send'], job: HttpJob, runs: number, serverPid: number): Promise<HttpMeasurement> {
  const failures: string[] = [];
  let meter = startCpuMeter({ self: false, pids: [serverPid] });
  const failed = (error: string): HttpMeasurement => ({ key: job.key, samples: [], body: null, otherCpuPercent: meter.stop().otherPercent, cpuMsPerRun: undefined, error });
  try {
    const timed = await timeRuns(
      async () => {
        const response = await send(job.request);
        if (response.status !== 200) failures.push(`HTTP ${response.status}: ${response.text.slice(0, 200)}`);
        return response;
      },
      runs,
      () => {
        meter = startCpuMeter({ self: false, pids: [serverPid] });
      },
    );
    if (failures[0] !== undefined) return failed(failures[0]);
    const cpu = meter.stop();
    const body = JSON.parse(timed.first.text) as unknown;
    return { key: job.key, samples: timed.samples, body, otherCpuPercent: cpu.otherPercent, cpuMsPerRun: (cpu.measuredSeconds * 1000) / runs };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}
