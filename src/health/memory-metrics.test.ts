// The engine's allocator figures read from jemalloc's statistics text.
import { expect, it } from 'vitest';
import { jemallocFigures, statusBytes } from './memory-metrics.js';

it("reads jemalloc's totals line and the dirty pages of its merged arenas", () => {
  const stats = [
    'Allocated: 25773408, active: 26402816, metadata: 3194208 (n_thp 0, edata 134144, rtree 2097152), resident: 30289920, mapped: 37830656, retained: 7782400',
    'Merged arenas stats:',
    'assigned threads: 6',
    '   dirty:   N/A          230            0            0            0',
    'arenas[0]:',
    '   dirty:  5000           46            0            0            0',
  ].join('\n');
  expect(jemallocFigures(stats)).toEqual([
    { metric: 'jemalloc.allocated', value: 25773408 },
    { metric: 'jemalloc.active', value: 26402816 },
    { metric: 'jemalloc.metadata', value: 3194208 },
    { metric: 'jemalloc.resident', value: 30289920 },
    { metric: 'jemalloc.mapped', value: 37830656 },
    { metric: 'jemalloc.retained', value: 7782400 },
    { metric: 'jemalloc.dirty', value: 230 * 4096 },
  ]);
  expect(jemallocFigures('')).toEqual([]);
});

it('reads a /proc status line in bytes', () => {
  expect(statusBytes('VmRSS:\t  1024 kB\nRssAnon:\t   512 kB\n', 'RssAnon')).toBe(512 * 1024);
  expect(statusBytes('VmRSS:\t  1024 kB\n', 'RssFile')).toBeUndefined();
});
