// The soak's reading of the server's memory figures from /metrics, and their comparison between two stretches.
import { expect, it } from 'vitest';
import { compareFigures, parseMemoryFigures } from './memory-parts.js';

it('keeps the memory families as flat figures named by their labels, and nothing else', () => {
  const exposition = [
    '# HELP loupe_process_memory_bytes memory',
    'loupe_process_memory_bytes{part="rss"} 734003200',
    'loupe_analytics_engine_figure{metric="jemalloc.dirty"} 12288',
    'loupe_analytics_table_parts{table="events",figure="rows"} 5',
    'loupe_spool_pending_rows{spool="intake"} 3',
    '',
  ].join('\n');
  expect(parseMemoryFigures(exposition)).toEqual({ 'process.rss': 734003200, 'engine.jemalloc.dirty': 12288, 'table.events.rows': 5 });
});

it('compares each figure\'s means over two stretches, largest change first', () => {
  const samples = [
    { t: 60, figures: { a: 10, b: 100 } },
    { t: 120, figures: { a: 20, b: 100 } },
    { t: 300, figures: { a: 15, b: 150 } },
    { t: 360, figures: undefined },
  ];
  expect(compareFigures(samples, [1, 2], [5, 6])).toEqual([
    { key: 'b', before: 100, after: 150 },
    { key: 'a', before: 15, after: 15 },
  ]);
});
