import { describe, expect, it } from 'vitest';
import { idleReport, idleWindows } from './idle-report.js';

describe('bench:soak idle phase', () => {
  it('compares the last minute of the load with the last minute of the idle phase', () => {
    expect(idleWindows({ loadSeconds: 600, idleFrom: 630, idleTo: 1230 })).toEqual({ load: [9, 10], idle: [19.5, 20.5] });
    // An idle phase shorter than a minute is taken whole.
    expect(idleWindows({ loadSeconds: 30, idleFrom: 40, idleTo: 70 })).toEqual({ load: [0, 0.5], idle: [40 / 60, 70 / 60] });
  });

  it('reports the idle RSS against the loaded and ready figures, and what each part gave back', () => {
    const samples = [
      { t: 540, rssMb: 700 },
      { t: 600, rssMb: 720 },
      { t: 1170, rssMb: 520 },
      { t: 1230, rssMb: 500 },
    ];
    const figures = [
      { t: 540, figures: { 'process.v8_heap_total': 100 * 1024 * 1024 } },
      { t: 600, figures: { 'process.v8_heap_total': 100 * 1024 * 1024 } },
      { t: 1170, figures: { 'process.v8_heap_total': 60 * 1024 * 1024 } },
      { t: 1230, figures: { 'process.v8_heap_total': 60 * 1024 * 1024 } },
    ];
    const report = idleReport(samples, figures, 340, { loadSeconds: 600, idleFrom: 630, idleTo: 1230 });
    expect(report.split('\n').slice(0, 3)).toEqual([
      'idle: 10.0 min without traffic after the drain; RSS 510 MB over its last minute (last sample 500 MB),',
      '  against 710 MB over the load\'s last minute and 340 MB ready',
      'memory by part, the load\'s last minute against the idle phase\'s last minute:',
    ]);
    expect(report).toContain('process.v8_heap_total');
    expect(report).not.toContain('smaps');
  });

  it('adds where the pages are at the end when smaps was read', () => {
    const smaps = { rssKb: 600 * 1024, anonymousKb: 380 * 1024, fileKb: 220 * 1024, parts: [], largestAnonymousKb: [64 * 1024, 12 * 1024] };
    const report = idleReport([{ t: 60, rssMb: 600 }], [], 340, { loadSeconds: 30, idleFrom: 40, idleTo: 70 }, smaps);
    expect(report.split('\n').at(-1)).toBe("at the idle phase's end (smaps): anonymous 380 MB, largest anonymous mappings 64, 12 MB; file-backed 220 MB");
  });
});
