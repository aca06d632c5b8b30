// Reads vitest's JSON report (written by every run to .tmp/test-results.json) into per-file times and per-tier sums.
import { relative } from 'node:path';
import { z } from 'zod';
import { tierOf, type TierName } from '../../test/tiers.js';

const ReportSchema = z.object({
  numTotalTests: z.number(),
  testResults: z.array(z.object({
    name: z.string(),
    startTime: z.number(),
    endTime: z.number(),
    status: z.string(),
    assertionResults: z.array(z.object({ status: z.string() })),
  })),
});

export interface FileTime {
  readonly file: string;
  readonly tier: TierName | 'none';
  readonly ms: number;
  readonly tests: number;
  readonly status: string;
}

export interface TierTotal {
  readonly tier: TierName | 'none';
  readonly files: number;
  readonly tests: number;
  /** The files' own times added up (the workers run them side by side on two cores, so the wall time is about half). */
  readonly ms: number;
}

/**
 * The files of a report, slowest first. `root`: the project folder the report's absolute names are under. `whole`:
 * each file's whole time (set-up and hooks included, .tmp/test-file-times.json) where the run recorded it; else the
 * report's span from the first test's start to the last one's end.
 */
export function fileTimes(report: unknown, root: string, whole: Readonly<Record<string, number>> = {}): FileTime[] {
  const parsed = ReportSchema.parse(report);
  return parsed.testResults
    .map((result) => {
      const file = relative(root, result.name);
      const ms = whole[result.name] ?? result.endTime - result.startTime;
      return { file, tier: tierOf(file) ?? 'none', ms: Math.max(0, Math.round(ms)), tests: result.assertionResults.length, status: result.status } as const;
    })
    .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file));
}

export function tierTotals(files: readonly FileTime[]): TierTotal[] {
  const totals = new Map<TierTotal['tier'], { files: number; tests: number; ms: number }>();
  for (const file of files) {
    const total = totals.get(file.tier) ?? { files: 0, tests: 0, ms: 0 };
    totals.set(file.tier, { files: total.files + 1, tests: total.tests + file.tests, ms: total.ms + file.ms });
  }
  const order: ReadonlyArray<TierTotal['tier']> = ['fast', 'integration', 'system', 'none'];
  return order.flatMap((tier) => {
    const total = totals.get(tier);
    return total ? [{ tier, ...total }] : [];
  });
}

/** The table printed by `npm run test:slowest`. */
export function slowestTable(files: readonly FileTime[], count: number): string {
  const seconds = (ms: number): string => (ms / 1000).toFixed(1).padStart(7);
  const lines = files.slice(0, count).map((file, index) => `${String(index + 1).padStart(2)}. ${seconds(file.ms)} s  ${file.tier.padEnd(11)} ${file.file} (${file.tests} tests${file.status === 'passed' ? '' : `, ${file.status}`})`);
  const totals = tierTotals(files).map((total) => `    ${seconds(total.ms)} s  ${total.tier.padEnd(11)} ${total.files} files, ${total.tests} tests`);
  return [`The ${Math.min(count, files.length)} slowest of ${files.length} test files (time inside each file):`, ...lines, '', 'Per tier (file times added up):', ...totals].join('\n');
}
