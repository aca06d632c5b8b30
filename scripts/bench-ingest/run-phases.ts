// The benchmark's load phases in order: a warm-up of each server, rounds of max throughput (both servers
// per round), then the fixed rate (half the bare server's median max) with autocannon's overallRate and
// with the paced open-loop sender.
import type { BenchOptions } from './bench-options.js';
import { median, type PhaseMeasurement } from './bench-report.js';
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
  }
  // The machine's speed drifts (other tenants, CPU boost): each round measures both servers back to back,
  // and the order alternates so a steady drift favours neither.
  for (let round = 1; round <= options.rounds; round += 1) {
    const order = round % 2 === 1 ? [servers.bare, servers.ours] : [servers.ours, servers.bare];
    for (const server of order) {
      table.push(await step(`max throughput round ${round} ${server.name}`, () => closedLoop(server, `max throughput, round ${round}`, durationSeconds, options.seed + 2)));
    }
  }
  const bareMax = median(table.filter((m) => m.server === 'bare').map((m) => m.eventsPerSecond));
  const rate = Math.max(1, Math.floor(bareMax / 2));
  for (const server of [servers.bare, servers.ours]) {
    table.push(await step(`overallRate ${rate}/s ${server.name}`, () => closedLoop(server, `half-load ${rate}/s (autocannon overallRate)`, durationSeconds, options.seed + 3, rate)));
  }
  for (const server of [servers.bare, servers.ours]) {
    table.push(await step(`paced ${rate}/s ${server.name}`, () => paced(server, `half-load ${rate}/s (paced, open loop)`, options.seed + 4, rate)));
  }
  return { table, warmups, rate };
}

