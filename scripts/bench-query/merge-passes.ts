// Combines the measurements of several passes of a phase: one row per key, with every pass's timed samples.
import type { HttpMeasurement } from './http-phase.js';
import type { RawMeasurement } from './raw-phase.js';

type Measurement = HttpMeasurement | RawMeasurement;

function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Per key: the samples of all passes, the mean CPU figures, and the last pass's answer. A key that failed
 * in any pass keeps that pass's error, so a failure is never hidden by a later success.
 */
export function mergePasses<M extends Measurement>(passes: ReadonlyArray<readonly M[]>): M[] {
  const keys = [...new Set(passes.flatMap((pass) => pass.map((measurement) => measurement.key)))];
  return keys.map((key) => {
    const all = passes.flatMap((pass) => pass.filter((measurement) => measurement.key === key));
    const last = all[all.length - 1] as M;
    const failed = all.find((measurement) => measurement.error !== undefined);
    const cpu = all.flatMap((measurement) => (measurement.cpuMsPerRun === undefined ? [] : [measurement.cpuMsPerRun]));
    return {
      ...last,
      samples: all.flatMap((measurement) => measurement.samples),
      otherCpuPercent: mean(all.map((measurement) => measurement.otherCpuPercent)) ?? 0,
      cpuMsPerRun: mean(cpu),
      ...(failed?.error === undefined ? {} : { error: failed.error }),
    };
  });
}
