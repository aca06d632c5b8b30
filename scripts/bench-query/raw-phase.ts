// Phase 2: the hand-written SQL timed straight on DATA_DIR/analytics in this process (after the server has exited).
import { join } from 'node:path';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { startCpuMeter } from './cpu-meter.js';
import { timeRuns } from './latency-stats.js';
import type { RawContext, RawQuery, Row, RunSql } from './raw-scope.js';

export interface RawJob {
  readonly key: string;
  readonly query: RawQuery;
  readonly context: RawContext;
}

export interface RawMeasurement {
  readonly key: string;
  readonly samples: number[];
  /** Each statement's rows, from the warm-up run. */
  readonly answer: Row[][];
  /** Other processes' CPU during the timed runs, in % of one core. */
  readonly otherCpuPercent: number;
  /** This process's CPU time per timed run (all threads: chDB's too), in ms. */
  readonly cpuMsPerRun: number | undefined;
  readonly error?: string;
}

/** Opens the store (chDB allows one process per directory: the server must have exited) and times each job. */
export async function runRawPhase(dataDir: string, jobs: readonly RawJob[], runs: number, log: (line: string) => void): Promise<RawMeasurement[]> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  const run: RunSql = (sql, params) => store.query<Row>(sql, params);
  const measured: RawMeasurement[] = [];
  try {
    for (const job of jobs) {
      log(`  raw  ${job.key}`);
      let meter = startCpuMeter({ self: true, pids: [] });
      try {
        const timed = await timeRuns(() => job.query(run, job.context), runs, () => {
          meter = startCpuMeter({ self: true, pids: [] });
        });
        const cpu = meter.stop();
        measured.push({ key: job.key, samples: timed.samples, answer: timed.first, otherCpuPercent: cpu.otherPercent, cpuMsPerRun: (cpu.measuredSeconds * 1000) / runs });
      } catch (error) {
        const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
        measured.push({ key: job.key, samples: [], answer: [], otherCpuPercent: meter.stop().otherPercent, cpuMsPerRun: undefined, error: message });
      }
    }
  } finally {
    await store.close();
  }
  return measured;
}
