import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('../helpers/report-thread-niceness.ts', import.meta.url));

interface Report {
  readonly main: number;
  readonly early: number;
  readonly merges: number;
  readonly late: number;
  /** A thread that lowered itself 8 steps (lowerThisThread) before the others were lowered. */
  readonly selfLowered: number;
}

async function nicenessAfterLowering(niceness: number, enrichmentNiceness?: number): Promise<Report> {
  // In a child process: lowering the threads of the test runner itself would slow the rest of the suite.
  const args = enrichmentNiceness === undefined ? [String(niceness)] : [String(niceness), String(enrichmentNiceness)];
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, ...args]);
  return JSON.parse(stdout) as Report;
}

/**
 * The report of niceness 0, asked for once by whichever test comes first: every test reads it (a child process
 * is most of a test's CPU, its TypeScript compiled on every start).
 */
let unlowered: Promise<Report> | undefined;
const reportUnlowered = (): Promise<Report> => (unlowered ??= nicenessAfterLowering(0));

describe.runIf(process.platform === 'linux')('lowerBackgroundThreads', () => {
  it('runs the engine\'s merge threads `niceness` steps and the others, started before and after it, 3 steps nicer than the event loop', async () => {
    const base = (await reportUnlowered()).main;
    const lowered = await nicenessAfterLowering(5);
    expect(lowered).toEqual({ main: base, early: Math.min(19, base + 3), merges: Math.min(19, base + 5), late: Math.min(19, base + 3), selfLowered: Math.min(19, base + 8) });
  });

  it('takes the enrichment path\'s niceness when given', async () => {
    const base = (await reportUnlowered()).main;
    const lowered = await nicenessAfterLowering(6, 1);
    expect(lowered).toEqual({ main: base, early: Math.min(19, base + 1), merges: Math.min(19, base + 6), late: Math.min(19, base + 1), selfLowered: Math.min(19, base + 8) });
  });

  it('leaves every thread alone with niceness 0 (the one that lowered itself stays where it went)', async () => {
    const report = await reportUnlowered();
    expect([report.early, report.merges, report.late, report.selfLowered]).toEqual([report.main, report.main, report.main, Math.min(19, report.main + 8)]);
  });
});
