import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newSegmentName, recoverSegment, segmentToken, validPrefix } from './segment-file.js';

describe('newSegmentName', () => {
  it('sorts in creation order and never repeats, even for the same time and sequence', () => {
    const names = [
      newSegmentName(1_700_000_000_000, 0),
      newSegmentName(1_700_000_000_000, 1),
      newSegmentName(1_700_000_000_000, 10),
      newSegmentName(1_700_000_000_001, 0),
      newSegmentName(1_800_000_000_000, 2),
    ];
    expect([...names].sort()).toEqual(names);
    expect(newSegmentName(5, 5)).not.toBe(newSegmentName(5, 5));
    expect(names[0]).toMatch(/^001700000000000-000000000-[0-9a-f]{12}\.ndjson$/);
  });
});

describe('segmentToken', () => {
  it.each([
    ['events', '001700000000000-000000000-a1b2c3d4e5f6.ndjson', 'events:001700000000000-000000000-a1b2c3d4e5f6'],
    ['bot_events', '001700000000000-000000007-000000000000.ndjson', 'bot_events:001700000000000-000000007-000000000000'],
  ])('%s / %s -> %s', (table, name, token) => {
    expect(segmentToken(table, name)).toBe(token);
  });
});

describe('validPrefix', () => {
  it.each([
    ['empty file', '', 0, 0],
    ['one complete row', '{"a":1}\n', 1, 8],
    ['two complete rows', '{"a":1}\n{"b":"x\\ny"}\n', 2, 21],
    ['torn last line (no newline)', '{"a":1}\n{"a":2', 1, 8],
    ['torn line that is valid JSON but lacks its newline', '{"a":1}\n{"a":2}', 1, 8],
    ['zeros after a power cut', '{"a":1}\n\0\0\0\0\n', 1, 8],
    ['a JSON array is not a row', '{"a":1}\n[1,2]\n', 1, 8],
    ['an empty line ends the rows', '\n{"a":1}\n', 0, 0],
    ['garbage in the middle hides what follows', '{"a":1}\n{"a":\n{"a":3}\n', 1, 8],
  ])('%s', (_label, text, rows, bytes) => {
    expect(validPrefix(Buffer.from(text))).toEqual({ rows, bytes });
  });
});

describe('recoverSegment', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loupe-segment-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('cuts a torn tail off durably and reports what it dropped', async () => {
    await writeFile(join(dir, 'a.ndjson'), '{"n":1}\n{"n":2}\n{"n":');
    expect(await recoverSegment(dir, 'a.ndjson')).toEqual({ name: 'a.ndjson', rows: 2, bytes: 16, droppedBytes: 5 });
    expect(await readFile(join(dir, 'a.ndjson'), 'utf8')).toBe('{"n":1}\n{"n":2}\n');
  });

  it('leaves a complete segment untouched', async () => {
    await writeFile(join(dir, 'b.ndjson'), '{"n":1}\n');
    expect(await recoverSegment(dir, 'b.ndjson')).toEqual({ name: 'b.ndjson', rows: 1, bytes: 8, droppedBytes: 0 });
    expect(await readFile(join(dir, 'b.ndjson'), 'utf8')).toBe('{"n":1}\n');
  });

  it('deletes a segment without a single complete row', async () => {
    await writeFile(join(dir, 'c.ndjson'), '{"n":');
    expect(await recoverSegment(dir, 'c.ndjson')).toEqual({ name: 'c.ndjson', rows: 0, bytes: 0, droppedBytes: 5 });
    expect(await readdir(dir)).toEqual([]);
  });
});
