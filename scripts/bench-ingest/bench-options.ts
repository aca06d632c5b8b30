// Command-line options of the ingestion benchmark.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  readonly connections: number;
  /** Max-throughput rounds; each runs both servers back to back, alternating which goes first. */
  readonly rounds: number;
  readonly seed: number;
  readonly cpuProfileDir: string | undefined;
  readonly keepData: boolean;
}

export function parseOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      warmup: { type: 'string', default: '5' },
      duration: { type: 'string', default: '15' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      seed: { type: 'string', default: '20250601' },
      'cpu-prof': { type: 'string' },
      'keep-data': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const positive = (text: string, name: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  return {
    warmupSeconds: positive(values.warmup, 'warmup'),
    durationSeconds: positive(values.duration, 'duration'),
    connections: positive(values.connections, 'connections'),
    rounds: positive(values.rounds, 'rounds'),
    seed: positive(values.seed, 'seed'),
    cpuProfileDir: values['cpu-prof'],
    keepData: values['keep-data'],
  };
}

