import { describe, expect, it } from 'vitest';
import { durationsOf, longestFirst } from './file-durations.js';
import { fileTimes, slowestTable, tierTotals } from './test-times.js';
import { wholeFileMs } from './whole-file-reporter.js';

const result = (name: string, startTime: number, endTime: number, tests: number, status = 'passed') => ({
  name: `/repo/${name}`, startTime, endTime, status, message: '', assertionResults: Array.from({ length: tests }, () => ({ status: 'passed' })),
});
const report = {
  numTotalTests: 9,
  testResults: [
    result('src/stats/filters.test.ts', 1_000, 1_250, 4),
    result('test/reports/overview.test.ts', 2_000, 14_500, 3),
    result('test/browser/dashboard-site.test.ts', 0, 40_000, 1, 'failed'),
    result('test/system/multi-node.test.ts', 5_000, 65_000, 1),
  ],
};

describe('test times', () => {
  it('orders the files of a vitest JSON report slowest first, with their tier', () => {
    expect(fileTimes(report, '/repo')).toEqual([
      { file: 'test/system/multi-node.test.ts', tier: 'system', ms: 60_000, tests: 1, status: 'passed' },
      { file: 'test/browser/dashboard-site.test.ts', tier: 'system', ms: 40_000, tests: 1, status: 'failed' },
      { file: 'test/reports/overview.test.ts', tier: 'integration', ms: 12_500, tests: 3, status: 'passed' },
      { file: 'src/stats/filters.test.ts', tier: 'fast', ms: 250, tests: 4, status: 'passed' },
    ]);
  });

  it('takes a file\'s whole time (hooks included) where the run recorded one', () => {
    const whole = { '/repo/test/reports/overview.test.ts': 20_400.4 };
    expect(fileTimes(report, '/repo', whole).map((file) => [file.file, file.ms])).toEqual([
      ['test/system/multi-node.test.ts', 60_000],
      ['test/browser/dashboard-site.test.ts', 40_000],
      ['test/reports/overview.test.ts', 20_400],
      ['src/stats/filters.test.ts', 250],
    ]);
    expect(wholeFileMs({ environmentSetupDuration: 1, prepareDuration: 20, setupDuration: 0, collectDuration: 300, duration: 5_000, heap: undefined, importDurations: {} })).toBe(5_321);
  });

  it('adds the files up per tier', () => {
    expect(tierTotals(fileTimes(report, '/repo'))).toEqual([
      { tier: 'fast', files: 1, tests: 4, ms: 250 },
      { tier: 'integration', files: 1, tests: 3, ms: 12_500 },
      { tier: 'system', files: 2, tests: 2, ms: 100_000 },
    ]);
  });

  it('prints the slowest files and the tiers', () => {
    expect(slowestTable(fileTimes(report, '/repo'), 2).split('\n')).toEqual([
      'The 2 slowest of 4 test files (time inside each file):',
      ' 1.    60.0 s  system      test/system/multi-node.test.ts (1 tests)',
      ' 2.    40.0 s  system      test/browser/dashboard-site.test.ts (1 tests, failed)',
      '',
      'Per tier (file times added up):',
      '        0.3 s  fast        1 files, 4 tests',
      '       12.5 s  integration 1 files, 3 tests',
      '      100.0 s  system      2 files, 2 tests',
    ]);
  });

  it('refuses a file that is not a vitest JSON report', () => {
    expect(() => fileTimes({ testResults: 'none' }, '/repo')).toThrow();
  });
});

describe('file durations', () => {
  const files = fileTimes(report, '/repo');

  it('records every file of a run by name, keeping the earlier files the run did not have', () => {
    expect(durationsOf(files, { 'test/old.test.ts': 5, 'test/reports/overview.test.ts': 1 })).toEqual({
      'src/stats/filters.test.ts': 250,
      'test/browser/dashboard-site.test.ts': 40_000,
      'test/old.test.ts': 5,
      'test/reports/overview.test.ts': 12_500,
      'test/system/multi-node.test.ts': 60_000,
    });
    expect(Object.keys(durationsOf(files))).toEqual(['src/stats/filters.test.ts', 'test/browser/dashboard-site.test.ts', 'test/reports/overview.test.ts', 'test/system/multi-node.test.ts']);
  });

  it('orders files longest first, files without a recorded time before them, largest first', () => {
    const sizes: Record<string, number> = { a: 10, b: 20, c: 30, d: 40, e: 50 };
    const ordered = longestFirst(['a', 'b', 'c', 'd', 'e'], { a: 100, c: 300, e: 200 }, (file) => file, (file) => sizes[file] ?? 0);
    expect(ordered).toEqual(['d', 'b', 'c', 'e', 'a']);
  });
});
