import { mkdir, mkdtemp, open, readFile, readdir, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { waitUntil } from '../../../test/helpers/event-buffer/wait-until.js';
import { WriteAheadLog, type SealedSegment, type SpoolSync } from './write-ahead-log.js';

const line = (n: number): string => `{"n":${n}}\n`;
const lines = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => line(from + i));

describe.each<SpoolSync>(['seal', 'commit'])('WriteAheadLog (sync: %s)', (sync) => {
  let dir: string;
  let sealed: SealedSegment[];
  const createLog = (maxSegmentRows = 1000, maxSegmentAgeMs = 60_000): WriteAheadLog =>
    new WriteAheadLog({ dir, maxSegmentRows, maxSegmentAgeMs, onSeal: (segment) => sealed.push(segment), sync });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loupe-wal-'));
    sealed = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('commits appends made in one turn of the event loop with a single synchronous write', async () => {
    const log = createLog();
    await Promise.all(lines(1, 500).map((text) => log.append(text)));
    expect(log.commits).toBe(1);
    await log.seal();
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).toMatchObject({ rows: 500, suspect: false });
    const [segment] = sealed;
    expect(await readFile(join(dir, segment?.name ?? ''), 'utf8')).toBe(lines(1, 500).join(''));
  });

  it('groups appends that arrive while a write is in flight into the next commit', async () => {
    const log = createLog();
    const first = log.append(line(1));
    await new Promise((resolve) => setImmediate(resolve));
    const rest = lines(2, 101).map((text) => log.append(text));
    await Promise.all([first, ...rest]);
    expect(log.commits).toBe(2);
  });

  it('seals a segment once it reaches the row limit, keeping rows in order across segments', async () => {
    const log = createLog(10);
    for (const wave of [lines(1, 10), lines(11, 20), lines(21, 25)]) {
      await Promise.all(wave.map((text) => log.append(text)));
    }
    // A full segment is finished (synced, closed) behind the writer, which goes on meanwhile.
    await waitUntil(() => sealed.length === 2);
    expect(sealed.map((segment) => segment.rows)).toEqual([10, 10]);
    await log.seal();
    expect(sealed.map((segment) => segment.rows)).toEqual([10, 10, 5]);
    const contents = await Promise.all(sealed.map((segment) => readFile(join(dir, segment.name), 'utf8')));
    expect(contents.join('')).toBe(lines(1, 25).join(''));
    expect((await readdir(dir)).sort()).toEqual(sealed.map((segment) => segment.name));
  });

  it('seals an open segment when it reaches its maximum age', async () => {
    const log = createLog(1000, 500);
    await log.append(line(1));
    expect(sealed).toEqual([]);
    await waitUntil(() => sealed.length > 0);
    expect(sealed.map((segment) => segment.rows)).toEqual([1]);
  });

  it('has every acknowledged line in the open segment file before the segment is sealed', async () => {
    const log = createLog();
    await Promise.all(lines(1, 3).map((text) => log.append(text)));
    await log.append(line(4));
    const [name] = await readdir(dir);
    expect(await readFile(join(dir, name ?? ''), 'utf8')).toBe(lines(1, 4).join(''));
    expect(sealed).toEqual([]);
  });

  it('seals nothing and leaves no file when nothing was appended', async () => {
    const log = createLog();
    await log.seal();
    expect(sealed).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('rejects the appends of a failed write and acknowledges later ones once the disk works again', async () => {
    const log = createLog();
    await rm(dir, { recursive: true });
    const failed = await Promise.allSettled([log.append(line(1)), log.append(line(2))]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await mkdir(dir);
    await log.append(line(3));
    await log.seal();
    expect(sealed.map((segment) => segment.rows)).toEqual([1]);
    expect(await readFile(join(dir, sealed[0]?.name ?? ''), 'utf8')).toBe(line(3));
  });
});

describe('WriteAheadLog (sync: seal) with syncIntervalMs', () => {
  let dir: string;
  let sealed: SealedSegment[];
  let datasync: MockInstance<FileHandle['datasync']>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loupe-wal-sync-'));
    sealed = [];
    // The class of the handles `open` returns, whose datasync the log calls.
    const probe = await open(join(dir, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(probe) as { datasync: FileHandle['datasync'] };
    await probe.close();
    await rm(join(dir, 'probe'));
    datasync = vi.spyOn(prototype, 'datasync');
  });
  afterEach(async () => {
    datasync.mockRestore();
    await rm(dir, { recursive: true, force: true });
  });

  const createLog = (): WriteAheadLog =>
    new WriteAheadLog({ dir, maxSegmentRows: 1000, maxSegmentAgeMs: 60_000, syncIntervalMs: 20, onSeal: (segment) => sealed.push(segment), sync: 'seal' });

  it('fdatasyncs the open segment after each new write while it stays open, and seals it whole', async () => {
    const log = createLog();
    await log.append(line(1));
    await waitUntil(() => datasync.mock.calls.length >= 1);
    await log.append(line(2));
    await waitUntil(() => datasync.mock.calls.length >= 2);
    expect(sealed).toEqual([]);
    await log.seal();
    expect(sealed).toMatchObject([{ rows: 2, suspect: false }]);
    expect(await readFile(join(dir, sealed[0]?.name ?? ''), 'utf8')).toBe(lines(1, 2).join(''));
  });

  it('marks the segment suspect when a periodic fdatasync failed (its pages may be lost)', async () => {
    datasync.mockRejectedValueOnce(new Error('EIO'));
    const log = createLog();
    await log.append(line(1));
    await waitUntil(() => datasync.mock.calls.length >= 1);
    await log.seal();
    expect(sealed).toMatchObject([{ rows: 1, suspect: true }]);
  });
});
