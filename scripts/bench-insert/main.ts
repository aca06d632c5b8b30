// `npm run bench:insert`: what each view and projection fed by an insert into `events` costs the engine. The same
// generated events go into fresh embedded stores, one per run (a child process each): as the migrations leave
// them, and without one view or projection at a time. Options: insert-options.ts (USAGE).
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { projectPath } from '../../src/platform/project-path.js';
import { OptionsError, USAGE, parseInsertOptions, type InsertOptions } from './insert-options.js';
import { renderSummaries, runOrder, summarize, type InsertRunResult } from './insert-report.js';
import { writeInsertBlocks } from './insert-blocks.js';
import { selectVariants } from './insert-variants.js';

const run = promisify(execFile);

function print(text = ''): void {
  process.stdout.write(text + '\n');
}

async function runOnce(variant: string, options: InsertOptions, files: readonly string[]): Promise<InsertRunResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench-insert/insert-run.ts', variant, String(options.gapMs), ...files], {
    cwd: projectPath(),
    maxBuffer: 1024 * 1024,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as InsertRunResult;
}

async function main(): Promise<number> {
  let options: InsertOptions;
  try {
    options = parseInsertOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const variants = selectVariants(options.only);
  const order = runOrder(variants, options.repeats);
  print(`bench:insert: ${options.blocks} inserts of ${options.rows} rows, ${options.gapMs} ms apart, per run; ${order.length} runs`);
  process.stderr.write('  generating the events ...\n');
  const blocks = await writeInsertBlocks(options.blocks, options.rows, options.seed);
  try {
    const results: InsertRunResult[] = [];
    for (const [index, variant] of order.entries()) {
      const result = await runOnce(variant, options, blocks.files);
      process.stderr.write(`  [${index + 1}/${order.length}] ${variant}: ${result.cpuUsPerRow.toFixed(1)} µs/row, ${result.parts} parts${result.memoryRetries > 0 ? `, ${result.memoryRetries} insert(s) tried again (engine memory full)` : ''}\n`);
      results.push(result);
    }
    print();
    print(renderSummaries(summarize(results, variants)));
    print();
    print('CPU µs/row = the run process\'s CPU (every engine thread: parsing, views, projections, writing parts, merges) from the');
    print('  first insert until no merge ran for 3 s, per row inserted. vs all = the difference from the "all" runs just');
    print('  before and after each run (median over the runs): negative is what leaving that part out saves.');
    print(`load average at end ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    return 0;
  } finally {
    await rm(blocks.dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
