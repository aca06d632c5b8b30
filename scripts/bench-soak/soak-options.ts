// Command-line options of `npm run bench:soak`, validated.
import { parseArgs } from 'node:util';

export interface SoakOptions {
  /** Tracking calls per second, sent at evenly spaced instants. */
  readonly rate: number;
  readonly minutes: number;
  /** An existing data directory (e.g. a copy of a generated set); a fresh temporary one when undefined. */
  readonly dataDir: string | undefined;
  readonly connections: number;
  /** Port the server listens on (127.0.0.1). */
  readonly port: number;
  /** How often the freshness probe reads the pages report, in ms. */
  readonly pollMs: number;
  /** How often a dashboard-like set of reports is read, in seconds (0: never). */
  readonly readsEverySeconds: number;
  /** After the load stops, how long to wait for the last acknowledged events to be counted. */
  readonly drainSeconds: number;
  /** After the drain, how long the server stays up without traffic or reads, its memory still sampled (0: stop at once). */
  readonly idleSeconds: number;
  readonly seed: number;
  readonly out: string | undefined;
  readonly keepData: boolean;
  readonly help: boolean;
}

export const USAGE = `Usage: npm run bench:soak -- [options]

  --rate N            tracking calls per second, evenly paced (default 1000)
  --minutes M         duration of the load in minutes (default 10; the issue's run is 60)
  --data-dir DIR      run on this data directory (a copy of a generated set, to see ready RSS on it);
                      default: a fresh temporary directory, removed afterwards
  --connections N     client connections (default 50)
  --port N            port for the server on 127.0.0.1 (default 4590)
  --poll-ms MS        how often the freshness probe reads /metric?parameter=pathname (default 500)
  --reads-every S     every S seconds read a dashboard's reports (overview, time series, pages,
                      channels, countries) over the last 24 h; 0 turns them off (default 5)
  --drain S           after the load, wait up to S seconds for every event to be counted (default 120)
  --idle S            then keep the server up S seconds without traffic or reads, sampling its memory, to see
                      what an idle instance gives back after the load (default 0)
  --seed N            traffic generator seed (default 7)
  --out FILE          JSON result file (default: bench-soak-<time>.json in the system temp directory);
                      the server's whole output goes beside it (<out without .json>.server.log)
  --keep-data         keep the temporary data directory
  --help              show this text
`;

export class OptionsError extends Error {}

function number(flag: string, text: string | undefined, fallback: number, min: number, integer = true): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  const pattern = integer ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (!pattern.test(text) || value < min) throw new OptionsError(`--${flag} must be a ${integer ? 'whole ' : ''}number >= ${min}, got "${text}"`);
  return value;
}

export function parseSoakOptions(argv: readonly string[]): SoakOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        rate: { type: 'string' },
        minutes: { type: 'string' },
        'data-dir': { type: 'string' },
        connections: { type: 'string' },
        port: { type: 'string' },
        'poll-ms': { type: 'string' },
        'reads-every': { type: 'string' },
        drain: { type: 'string' },
        idle: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        'keep-data': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  return {
    rate: number('rate', values.rate, 1000, 1),
    minutes: number('minutes', values.minutes, 10, 0.5, false),
    dataDir: values['data-dir'],
    connections: number('connections', values.connections, 50, 1),
    port: number('port', values.port, 4590, 1),
    pollMs: number('poll-ms', values['poll-ms'], 500, 50),
    readsEverySeconds: number('reads-every', values['reads-every'], 5, 0),
    drainSeconds: number('drain', values.drain, 120, 0),
    idleSeconds: number('idle', values.idle, 0, 0),
    seed: number('seed', values.seed, 7, 0),
    out: values.out,
    keepData: values['keep-data'] ?? false,
    help: values.help ?? false,
  };
}
