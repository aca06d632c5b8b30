// Runs one load phase against one server while sampling that server's peak RSS and both processes' CPU.
import type { PhaseMeasurement, ServerName } from './bench-report.js';
import type { PhaseResult } from './latency-recorder.js';
import { machineBusyTicks } from './machine-cpu.js';
import { clockTicks, cpuSeconds } from './process-cpu.js';
import { RssSampler } from './rss-sampler.js';
import { sampleThreads, ticksBetween, THREAD_GROUPS, type ThreadTicks } from './thread-cpu.js';

export interface MeasuredServer {
  readonly name: ServerName;
  readonly pid: number;
}

/** Ticks per group as microseconds per acknowledged event (0 without any). */
function perEvent(ticks: ThreadTicks, acknowledged: number): ThreadTicks {
  const micros = (group: (typeof THREAD_GROUPS)[number]): number => (acknowledged > 0 ? (ticks[group] / clockTicks()) * 1e6 / acknowledged : 0);
  return { 'event loop': micros('event loop'), 'Node threads': micros('Node threads'), engine: micros('engine') };
}

export async function measurePhase(server: MeasuredServer, phase: string, load: () => Promise<PhaseResult>): Promise<PhaseMeasurement> {
  const sampler = new RssSampler(server.pid, 100);
  const serverCpuBefore = cpuSeconds(server.pid);
  const threadsBefore = sampleThreads(server.pid);
  const generatorBefore = process.cpuUsage();
  const machineBefore = machineBusyTicks();
  const wallBefore = performance.now();
  let result: PhaseResult;
  try {
    result = await load();
  } finally {
    sampler.stop();
  }
  const wallSeconds = (performance.now() - wallBefore) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const serverSeconds = cpuSeconds(server.pid) - serverCpuBefore;
  const byThread = ticksBetween(threadsBefore, sampleThreads(server.pid));
  const generatorSeconds = (generator.user + generator.system) / 1e6;
  const machineSeconds = (machineBusyTicks() - machineBefore) / clockTicks();
  return {
    ...result,
    server: server.name,
    phase,
    peakRssMb: sampler.peakMb(),
    serverCpuPercent: (serverSeconds / wallSeconds) * 100,
    serverCpuMicrosPerEvent: result.acknowledged > 0 ? (serverSeconds * 1e6) / result.acknowledged : 0,
    threadCpuMicrosPerEvent: perEvent(byThread, result.acknowledged),
    generatorCpuPercent: (generatorSeconds / wallSeconds) * 100,
    otherCpuPercent: (Math.max(0, machineSeconds - serverSeconds - generatorSeconds) / wallSeconds) * 100,
  };
}
