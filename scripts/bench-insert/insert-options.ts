// Command-line options of `npm run bench:insert`, validated.
import { parseArgs } from 'node:util';
import { OptionsError, wholeOption } from '../shared/option-values.js';

export { OptionsError };

export interface InsertOptions {
  /** Inserts per run. */
  readonly blocks: number;
  /** Rows per insert (the spool's segments hold about two seconds of events). */
  readonly rows: number;
  /** Pause between inserts, ms, as the spool's segments arrive a few times a second under load. */
  readonly gapMs: number;
  /** How many times each variant runs, every run beside a run of the reference. */
  readonly repeats: number;
  /** Only the variants whose name matches (the reference always runs). */
  readonly only: RegExp | undefined;
  readonly seed: number;
  readonly help: boolean;
}

export const USAGE = `Usage: npm run bench:insert -- [options]

Inserts the same generated events into fresh embedded stores, one store per run: as the migrations leave it
("all"), and without one of the views or projections that every insert feeds. Prints the engine's CPU per row
(all its threads, the merges included) for each, and each one's difference from the runs of "all" beside it.

  --blocks N      inserts per run (default 20)
  --rows N        rows per insert (default 20000)
  --gap-ms MS     pause between inserts (default 100)
  --repeats N     runs of each variant, each between two runs of "all" (default 3)
  --only REGEX    only the variants whose name matches, e.g. 'sessions|kind' (default: every one)
  --seed N        generator seed (default 7)
  --help          show this text
`;

function pattern(text: string | undefined): RegExp | undefined {
  if (text === undefined) return undefined;
  try {
    return new RegExp(text);
  } catch {
    throw new OptionsError(`--only must be a regular expression, got "${text}"`);
  }
}

export function parseInsertOptions(argv: readonly string[]): InsertOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        blocks: { type: 'string' },
        rows: { type: 'string' },
        'gap-ms': { type: 'string' },
        repeats: { type: 'string' },
        only: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  return {
    blocks: wholeOption('blocks', values.blocks, 20, 1),
    rows: wholeOption('rows', values.rows, 20_000, 1),
    gapMs: wholeOption('gap-ms', values['gap-ms'], 100, 0),
    repeats: wholeOption('repeats', values.repeats, 3, 1),
    only: pattern(values.only),
    seed: wholeOption('seed', values.seed, 7, 0),
    help: values.help === true,
  };
}
