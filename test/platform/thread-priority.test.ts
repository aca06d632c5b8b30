import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('../helpers/report-thread-niceness.ts', import.meta.url));

async function nicenessAfterLowering(niceness: number): Promise<{ main: number; early: number; late: number }> {
  // In a child process: lowering the threads of the test runner itself would slow the rest of the suite.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, String(niceness)]);
  return JSON.parse(stdout) as { main: number; early: number; late: number };
}

describe.runIf(process.platform === 'linux')('lowerBackgroundThreads', () => {
  it('runs the threads started before and after it nicer than the event loop, which keeps its priority', async () => {
    const base = (await nicenessAfterLowering(0)).main;
    const lowered = await nicenessAfterLowering(5);
    expect(lowered).toEqual({ main: base, early: Math.min(19, base + 5), late: Math.min(19, base + 5) });
  });

  it('leaves every thread alone with niceness 0', async () => {
    const report = await nicenessAfterLowering(0);
    expect(report.early).toBe(report.main);
    expect(report.late).toBe(report.main);
  });
});
