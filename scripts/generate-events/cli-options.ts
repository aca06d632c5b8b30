// Command-line flags of `npm run generate-events`, validated into options.
import { parseArgs } from 'node:util';

export interface CliOptions {
  readonly events: number;
  readonly days: number;
  readonly siteId: number;
  readonly dataDir: string;
  readonly clickhouseUrl: string | undefined;
  readonly seed: number;
  /** End of the generated period (ms since epoch); undefined means now. */
  readonly endMs: number | undefined;
  readonly chunkSize: number;
  readonly help: boolean;
}

export const USAGE = `Usage: npm run generate-events -- [options]

  --events N          event rows to generate (default 1000000)
  --days N            days of history, ending now (default 30)
  --site N            numeric site id (default 1)
  --data-dir DIR      data directory of the embedded store (default $DATA_DIR or ./data)
  --clickhouse-url U  write to a ClickHouse server instead (default $CLICKHOUSE_URL)
  --seed N            seed for a reproducible data set (default: random, printed at the end)
  --end ISO           end of the period instead of now, e.g. 2026-01-31T00:00:00Z
  --chunk-size N      event rows per insert (default 200000)
  --help              show this text
`;

export class CliError extends Error {}

function integer(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new CliError(`--${flag} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new CliError(`--${flag} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function endOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new CliError(`--end must be an ISO 8601 date-time, got "${text}"`);
  return ms;
}

export function parseCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  randomSeed: () => number,
): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        events: { type: 'string' },
        days: { type: 'string' },
        site: { type: 'string' },
        'data-dir': { type: 'string' },
        'clickhouse-url': { type: 'string' },
        seed: { type: 'string' },
        end: { type: 'string' },
        'chunk-size': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  return {
    events: integer('events', values.events, 1_000_000, 1, 1_000_000_000),
    days: integer('days', values.days, 30, 1, 3650),
    siteId: integer('site', values.site, 1, 1, 4_294_967_295),
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? './data',
    clickhouseUrl: values['clickhouse-url'] ?? (env.CLICKHOUSE_URL || undefined),
    seed: integer('seed', values.seed, randomSeed(), 0, 4_294_967_295),
    endMs: endOf(values.end),
    chunkSize: integer('chunk-size', values['chunk-size'], 200_000, 1, 5_000_000),
    help: values.help ?? false,
  };
}
