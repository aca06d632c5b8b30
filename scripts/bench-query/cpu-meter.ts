// CPU accounting of one measurement: the CPU time the measured processes used (robust to a busy machine),
// and how much the rest of the machine used meanwhile, in % of one core.
import { machineBusyTicks } from '../bench-ingest/machine-cpu.js';
import { clockTicks, cpuSeconds } from '../bench-ingest/process-cpu.js';

export interface CpuReading {
  /** CPU seconds the measured processes used (this one when `self`, plus `pids`, all threads). */
  readonly measuredSeconds: number;
  /** Other processes' CPU over the wall time, in % of one core. */
  readonly otherPercent: number;
}

export interface CpuMeter {
  stop(): CpuReading;
}

export interface MeterScope {
  /** Count this process as measured (the raw SQL runs here); otherwise its CPU is neither measured nor other. */
  readonly self: boolean;
  /** Other processes that are measured (the server). */
  readonly pids: readonly number[];
}

const selfSeconds = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const pidSeconds = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

export function startCpuMeter(scope: MeterScope): CpuMeter {
  const machineBefore = machineBusyTicks();
  const selfBefore = selfSeconds();
  const pidsBefore = pidSeconds(scope.pids);
  const wallBefore = performance.now();
  return {
    stop() {
      const wallSeconds = (performance.now() - wallBefore) / 1000;
      const machineSeconds = (machineBusyTicks() - machineBefore) / clockTicks();
      const self = selfSeconds() - selfBefore;
      const measured = pidSeconds(scope.pids) - pidsBefore + (scope.self ? self : 0);
      // This process is always excluded from "other": as the client it is part of the benchmark.
      const other = Math.max(0, machineSeconds - measured - (scope.self ? 0 : self));
      return { measuredSeconds: measured, otherPercent: wallSeconds > 0 ? (other / wallSeconds) * 100 : 0 };
    },
  };
}
