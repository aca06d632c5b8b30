import { describe, expect, it } from 'vitest';
import { ProgressBar, formatDuration, renderProgress } from './progress-bar.js';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [42.4, '42s'],
    [59.6, '1m00s'],
    [187, '3m07s'],
    [3720, '1h02m'],
    [Number.NaN, '--'],
    [Number.POSITIVE_INFINITY, '--'],
    [-1, '--'],
  ])('%d seconds -> %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('renderProgress', () => {
  it.each([
    {
      state: { done: 0, total: 1000, elapsedMs: 0, width: 10 },
      line: '[░░░░░░░░░░]   0.0%  0/1,000 rows  0 rows/s  ETA --',
    },
    {
      state: { done: 500, total: 1000, elapsedMs: 2000, width: 10 },
      line: '[█████░░░░░]  50.0%  500/1,000 rows  250 rows/s  ETA 2s',
    },
    {
      state: { done: 10_309_278, total: 10_309_278, elapsedMs: 125_000, width: 4 },
      line: '[████] 100.0%  10,309,278/10,309,278 rows  82,474 rows/s  ETA 0s',
    },
    {
      state: { done: 1, total: 3, elapsedMs: 1000, width: 3 },
      line: '[█░░]  33.3%  1/3 rows  1 rows/s  ETA 2s',
    },
  ])('$line', ({ state, line }) => {
    expect(renderProgress(state)).toBe(line);
  });
});

describe('ProgressBar', () => {
  function recorder(isTTY: boolean) {
    const writes: string[] = [];
    return { output: { isTTY, write: (text: string) => writes.push(text) }, writes };
  }

  it('redraws one line in place on a terminal', () => {
    const { output, writes } = recorder(true);
    let now = 0;
    const bar = new ProgressBar(output, 4, () => now);
    now = 1000;
    bar.update(1, 4);
    bar.update(2, 4);
    bar.finish();
    expect(writes).toEqual([
      '\r[█░░░]  25.0%  1/4 rows  1 rows/s  ETA 3s\x1b[K',
      '\r[██░░]  50.0%  2/4 rows  2 rows/s  ETA 1s\x1b[K',
      '\n',
    ]);
  });

  it('prints a line per 10% step elsewhere', () => {
    const { output, writes } = recorder(false);
    const bar = new ProgressBar(output, 2, () => 0);
    for (const done of [0, 5, 9, 10, 55, 100]) bar.update(done, 100);
    bar.finish();
    expect(writes.map((line) => line.slice(0, 13))).toEqual(['[░░]   0.0%  ', '[░░]  10.0%  ', '[█░]  55.0%  ', '[██] 100.0%  ']);
  });
});
