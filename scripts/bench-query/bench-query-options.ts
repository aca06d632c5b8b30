// Command-line options of `npm run bench:query`, validated.
import { parseArgs } from 'node:util';
import { OptionsError, wholeOption } from '../shared/option-values.js';

export { OptionsError };

/** The one filter of the filtered variant: `parameter equals value`. */
export interface BenchFilter {
  readonly parameter: string;
  readonly value: string;
}

export interface QueryBenchOptions {
  readonly dataDir: string;
  /** The numeric site id the data set was generated for (checked against the bootstrapped site). */
  readonly siteId: number;
  readonly runs: number;
  /** HTTP and raw phases alternate this many times; each pass takes its share of the runs. */
  readonly passes: number;
  /** Generate this many events first when the store has none for the site. */
  readonly events: number | undefined;
  readonly days: number;
  readonly seed: number;
  readonly filter: BenchFilter;
  /** Only the cases whose name matches. */
  readonly only: RegExp | undefined;
  readonly help: boolean;
}

export const USAGE = `Usage: npm run bench:query -- [options]

  --data-dir DIR    data directory (default $DATA_DIR or ./data); the benchmark adds a site, goals and
                    bench-query-site.json to it, so run it on a copy of a generated data set
  --site N          numeric site id the events were generated for (default 1)
  --runs N          timed runs per endpoint and per raw query, after one warm-up (default 15)
  --passes N        alternate the HTTP and raw phases N times, splitting the runs between them, so a
                    machine that speeds up or slows down weighs on both sides alike (default 2)
  --events N        generate N events first if the store has none for the site
  --days D          days of history to generate (default 30)
  --seed N          generator seed (default 42)
  --filter P=V      the filter of the filtered variant, P equals V (default country=US); raw SQL
                    exists for event columns (country, browser, device_type, ...) and channel
  --only REGEX      only the endpoints whose name matches (e.g. 'overview|metric')
  --help            show this text
`;

function filterOf(text: string): BenchFilter {
  const at = text.indexOf('=');
  if (at < 1 || at === text.length - 1) throw new OptionsError(`--filter must look like parameter=value, got "${text}"`);
  return { parameter: text.slice(0, at), value: text.slice(at + 1) };
}

export function parseQueryBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): QueryBenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'data-dir': { type: 'string' },
        site: { type: 'string' },
        runs: { type: 'string' },
        passes: { type: 'string' },
        events: { type: 'string' },
        days: { type: 'string' },
        seed: { type: 'string' },
        filter: { type: 'string' },
        only: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  let only: RegExp | undefined;
  try {
    only = values.only === undefined ? undefined : new RegExp(values.only);
  } catch {
    throw new OptionsError(`--only must be a regular expression, got "${values.only}"`);
  }
  return {
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? './data',
    siteId: wholeOption('site', values.site, 1, 1),
    runs: wholeOption('runs', values.runs, 15, 1),
    passes: wholeOption('passes', values.passes, 2, 1),
    events: values.events === undefined ? undefined : wholeOption('events', values.events, 0, 1),
    days: wholeOption('days', values.days, 30, 1),
    seed: wholeOption('seed', values.seed, 42, 0),
    filter: filterOf(values.filter ?? 'country=US'),
    only,
    help: values.help ?? false,
  };
}
