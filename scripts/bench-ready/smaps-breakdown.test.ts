// The breakdown of /proc/<pid>/smaps into anonymous memory and file-backed memory per file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { smapsBreakdown } from './smaps-breakdown.js';

const mapping = (header: string, rssKb: number, anonymousKb: number): string =>
  [header, `Size:             ${rssKb * 2} kB`, `Rss:              ${rssKb} kB`, `Pss:              ${rssKb} kB`, `Anonymous:        ${anonymousKb} kB`, 'VmFlags: rd ex mr mw me'].join('\n');

const SMAPS = [
  mapping('7f0000000000-7f0010000000 r-xp 00001000 fd:01 123 /app/node_modules/chdb/build/Release/libchdb.so', 180_000, 0),
  mapping('7f0010000000-7f0011000000 rw-p 0a000000 fd:01 123 /app/node_modules/chdb/build/Release/libchdb.so', 3_000, 2_000),
  mapping('555500000000-555503000000 r-xp 00000000 fd:01 77 /usr/bin/node', 45_000, 0),
  mapping('555503000000-555504000000 rw-p 00000000 00:00 0                          [heap]', 20_000, 20_000),
  mapping('7f1000000000-7f1008000000 rw-p 00000000 00:00 0 ', 90_000, 90_000),
  mapping('7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]', 100, 100),
  mapping('7f2000000000-7f2000100000 rw-s 00000000 00:05 9 /dev/shm/segment (deleted)', 500, 0),
].join('\n');

describe('smapsBreakdown', () => {
  it('splits resident memory into anonymous pages and file-backed pages per file', () => {
    expect(smapsBreakdown(SMAPS, 3)).toEqual({
      rssKb: 338_600,
      anonymousKb: 112_100,
      fileKb: 226_500,
      parts: [
        { name: 'libchdb.so', rssKb: 181_000, mappings: 2 },
        { name: '[anonymous]', rssKb: 112_100, mappings: 4 },
        { name: 'node', rssKb: 45_000, mappings: 1 },
        { name: 'segment', rssKb: 500, mappings: 1 },
      ],
      largestAnonymousKb: [90_000, 20_000, 2_000],
    });
  });

  it('agrees with the kernel on this process', () => {
    const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
    const breakdown = smapsBreakdown(readFileSync('/proc/self/smaps', 'utf8'));
    const rollupRss = Number(/^Rss:\s+(\d+) kB$/m.exec(rollup)?.[1]);
    expect(breakdown.rssKb).toBeGreaterThan(rollupRss * 0.9);
    expect(breakdown.rssKb).toBeLessThan(rollupRss * 1.1);
    expect(breakdown.anonymousKb + breakdown.fileKb).toBe(breakdown.rssKb);
  });
});
