// The figures `bench:insert` prints: per variant, the engine's CPU per row over its runs, and its difference
// from the reference's runs on either side of each (the machine's speed drifts over minutes; neighbours share it).
import { median } from '../shared/median.js';
import { REFERENCE_VARIANT, type InsertVariant } from './insert-variants.js';

/** What one run (insert-run.ts) measured. */
export interface InsertRunResult {
  readonly variant: string;
  readonly rows: number;
  /** Rows the table holds afterwards: every insert stored, none dropped as a duplicate. */
  readonly stored: number;
  /** CPU of the whole process (every engine thread) from the first insert until merges settled, µs per row. */
  readonly cpuUsPerRow: number;
  /** Wall time of an insert call, mean, ms. */
  readonly insertMs: number;
  /** Active parts of every table at the end. */
  readonly parts: number;
  /** Inserts refused for the engine's memory (merges holding it) and tried again; their pauses count in insertMs. */
  readonly memoryRetries: number;
}

export interface VariantSummary {
  readonly variant: string;
  readonly description: string;
  readonly runs: number;
  /** Median over the variant's runs, µs per row. */
  readonly cpuUsPerRow: number;
  /** Median over its runs of (run − mean of the reference runs beside it); undefined for the reference. */
  readonly deltaUsPerRow: number | undefined;
  readonly insertMs: number;
  /** A run stored fewer rows than it inserted (a block dropped as a duplicate): its figure is not comparable. */
  readonly incomplete: boolean;
}

/**
 * Summaries of `runs`, given in the order they ran: the reference, then each other variant followed by the
 * reference again. A variant's difference pairs each of its runs with the reference runs just before and after it.
 */
export function summarize(runs: readonly InsertRunResult[], variants: readonly InsertVariant[]): VariantSummary[] {
  return variants.map((variant) => {
    const own = runs.flatMap((run, index) => (run.variant === variant.name ? [{ run, index }] : []));
    const deltas = own.flatMap(({ run, index }) => {
      const around = [runs[index - 1], runs[index + 1]].filter((neighbour) => neighbour?.variant === REFERENCE_VARIANT) as InsertRunResult[];
      if (around.length === 0) return [];
      return [run.cpuUsPerRow - around.reduce((sum, neighbour) => sum + neighbour.cpuUsPerRow, 0) / around.length];
    });
    return {
      variant: variant.name,
      description: variant.description,
      runs: own.length,
      cpuUsPerRow: median(own.map(({ run }) => run.cpuUsPerRow)),
      deltaUsPerRow: variant.name === REFERENCE_VARIANT ? undefined : median(deltas),
      insertMs: median(own.map(({ run }) => run.insertMs)),
      incomplete: own.some(({ run }) => run.stored < run.rows),
    };
  });
}

/** The order of the runs: the reference first, then for each repeat every other variant, each followed by the reference. */
export function runOrder(variants: readonly InsertVariant[], repeats: number): string[] {
  const others = variants.filter((variant) => variant.name !== REFERENCE_VARIANT);
  const order = [REFERENCE_VARIANT];
  for (let repeat = 0; repeat < repeats; repeat += 1) for (const variant of others) order.push(variant.name, REFERENCE_VARIANT);
  return order;
}

const fixed = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(1));

export function renderSummaries(summaries: readonly VariantSummary[]): string {
  const header = ['variant', 'runs', 'CPU µs/row', 'vs all µs/row', 'insert ms', 'what it leaves out'];
  const rows = summaries.map((summary) => [
    summary.variant + (summary.incomplete ? ' (rows missing!)' : ''),
    String(summary.runs),
    fixed(summary.cpuUsPerRow),
    summary.deltaUsPerRow === undefined ? '' : (summary.deltaUsPerRow > 0 ? '+' : '') + fixed(summary.deltaUsPerRow),
    summary.insertMs.toFixed(0),
    summary.description,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
