import { describe, expect, it } from 'vitest';
import { renderSummaries, runOrder, summarize, type InsertRunResult } from './insert-report.js';
import { selectVariants } from './insert-variants.js';

const result = (variant: string, cpuUsPerRow: number, stored = 100): InsertRunResult => ({ variant, rows: 100, stored, cpuUsPerRow, insertMs: 10, parts: 3, memoryRetries: 0 });

describe('bench:insert report', () => {
  it('runs every variant between two runs of the reference, repeat after repeat', () => {
    const variants = selectVariants(/sessions|kind/);
    expect(runOrder(variants, 2)).toEqual([
      'all', '-sessions_from_events', 'all', '-page_views_by_kind', 'all',
      '-sessions_from_events', 'all', '-page_views_by_kind', 'all',
    ]);
  });

  it('compares each run with the reference runs beside it, so a drifting machine cancels out', () => {
    const variants = selectVariants(/sessions/);
    // The machine slows down by 10 µs/row over the runs; leaving the view out saves 5 each time.
    const runs = [result('all', 30), result('-sessions_from_events', 30), result('all', 40), result('-sessions_from_events', 40), result('all', 50)];
    const [reference, sessions] = summarize(runs, variants);
    expect(reference).toMatchObject({ variant: 'all', runs: 3, cpuUsPerRow: 40, deltaUsPerRow: undefined, incomplete: false });
    expect(sessions).toMatchObject({ variant: '-sessions_from_events', runs: 2, cpuUsPerRow: 35, deltaUsPerRow: -5, incomplete: false });
  });

  it('marks a variant a run of which stored fewer rows than it inserted', () => {
    const variants = selectVariants(/sessions/);
    const [, sessions] = summarize([result('all', 30), result('-sessions_from_events', 20, 80), result('all', 30)], variants);
    expect(sessions?.incomplete).toBe(true);
    expect(renderSummaries([sessions!])).toContain('-sessions_from_events (rows missing!)');
  });

  it('renders one aligned row per variant', () => {
    const variants = selectVariants(/sessions/);
    const table = renderSummaries(summarize([result('all', 30), result('-sessions_from_events', 24.44), result('all', 31)], variants));
    expect(table.split('\n')).toEqual([
      'variant               | runs | CPU µs/row | vs all µs/row | insert ms | what it leaves out',
      '----------------------|------|------------|---------------|-----------|--------------------------------------',
      'all                   | 2    | 30.5       |               | 10        | every view and projection',
      '-sessions_from_events | 1    | 24.4       | -6.1          | 10        | without the view sessions_from_events',
    ]);
  });
});
