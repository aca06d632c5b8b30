// The benchmark's load phases in order: warm-up and max throughput for each server, then the fixed rate
// (half the bare server's max) with autocannon's overallRate and with the paced open-loop sender.
import type { BenchOptions } from './bench-options.js';
import type { PhaseMeasurement } from './bench-report.js';
import type { PhaseResult } from './latency-recorder.js';
import { measurePhase } from './measure-phase.js';
import { runPacedLoad } from './paced-load.js';
import { createRequestFactory } from './payloads.js';
import { runLoad } from './run-load.js';
import type { ServerProcess } from './server-process.js';

const PAUSE_BETWEEN_PHASES_MS = 3_000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Servers {
  readonly ours: ServerProcess;
  readonly bare: ServerProcess;
}

export async function runPhases(servers: Servers, siteId: string, options: BenchOptions): Promise<{ table: PhaseMeasurement[]; warmups: PhaseMeasurement[]; rate: number }> {
  const { connections, durationSeconds } = options;
  const target = (server: ServerProcess) => ({ name: server.name === 'ours' ? ('ours' as const) : ('bare' as const), pid: server.pid });
  const closedLoop = (server: ServerProcess, phase: string, seconds: number, seed: number, overallRate?: number): Promise<PhaseMeasurement> =>
    measurePhase(target(server), phase, () =>
      runLoad({ label: phase, baseUrl: server.baseUrl, durationSeconds: seconds, connections, nextRequest: createRequestFactory(siteId, seed), ...(overallRate ? { overallRate } : {}) }),
    );
  const paced = (server: ServerProcess, phase: string, seed: number, rate: number): Promise<PhaseMeasurement> =>
    measurePhase(target(server), phase, (): Promise<PhaseResult> =>
      runPacedLoad({ label: phase, baseUrl: server.baseUrl, durationSeconds, connections, rate, nextRequest: createRequestFactory(siteId, seed) }),
    );
  const step = async (label: string, run: () => Promise<PhaseMeasurement>): Promise<PhaseMeasurement> => {
    process.stderr.write(`  [t=${(performance.now() / 1000).toFixed(1)} s] running ${label} ...\n`);
    const measured = await run();
    await pause(PAUSE_BETWEEN_PHASES_MS);
    return measured;
  };
  const warmups: PhaseMeasurement[] = [];
  const table: PhaseMeasurement[] = [];
  for (const server of [servers.bare, servers.ours]) {
    warmups.push(await step(`warm-up ${server.name}`, () => closedLoop(server, 'warm-up', options.warmupSeconds, options.seed + 1)));
    table.push(await step(`max throughput ${server.name}`, () => closedLoop(server, 'max throughput', durationSeconds, options.seed + 2)));
  }
  const bareMax = table.find((m) => m.server === 'bare');
  const rate = Math.max(1, Math.floor((bareMax?.eventsPerSecond ?? 0) / 2));
  for (const server of [servers.bare, servers.ours]) {
    table.push(await step(`overallRate ${rate}/s ${server.name}`, () => closedLoop(server, `half-load ${rate}/s (autocannon overallRate)`, durationSeconds, options.seed + 3, rate)));
  }
  for (const server of [servers.bare, servers.ours]) {
    table.push(await step(`paced ${rate}/s ${server.name}`, () => paced(server, `half-load ${rate}/s (paced, open loop)`, options.seed + 4, rate)));
  }
  return { table, warmups, rate };
}

