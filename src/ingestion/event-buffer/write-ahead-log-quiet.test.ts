import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WriteAheadLog, type SealedSegment } from './write-ahead-log.js';

const line = (n: number): string => `{"n":${n}}\n`;

const AGE_MS = 2_000;
const QUIET = { minRows: 3, maxAgeMs: 5_000 };

/** One turn of the event loop (the log's writer runs on setImmediate, which stays real here). */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Polls on real event-loop turns: the segment is finished (fdatasync, close) on libuv's pool. */
async function settled(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await turn();
  }
}

// Only the segment timers are fake: the ages are advanced by hand, files and the writer's turns stay real.
describe('WriteAheadLog with a quiet segment (light traffic inserted in fewer batches)', () => {
  let dir: string;
  let sealed: SealedSegment[];
  const createLog = (): WriteAheadLog =>
    new WriteAheadLog({ dir, maxSegmentRows: 1000, maxSegmentAgeMs: AGE_MS, quietSegment: QUIET, onSeal: (segment) => sealed.push(segment) });

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    dir = await mkdtemp(join(tmpdir(), 'loupe-wal-quiet-'));
    sealed = [];
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  it('seals a segment that holds the quiet minimum at its age, as without the setting', async () => {
    const log = createLog();
    await Promise.all([line(1), line(2), line(3)].map((text) => log.append(text)));
    vi.advanceTimersByTime(AGE_MS);
    await settled(() => sealed.length === 1);
    expect(sealed.map((segment) => segment.rows)).toEqual([3]);
  });

  it('keeps a smaller segment open past its age and seals it at the quiet age with every row appended meanwhile', async () => {
    const log = createLog();
    await log.append(line(1));
    vi.advanceTimersByTime(AGE_MS);
    await turn();
    await log.append(line(2));
    // Sealed at its age, the first segment would hold one row and the second line would open another.
    vi.advanceTimersByTime(QUIET.maxAgeMs - AGE_MS - 1);
    await turn();
    expect(sealed).toEqual([]);
    vi.advanceTimersByTime(1);
    await settled(() => sealed.length === 1);
    expect(sealed.map((segment) => segment.rows)).toEqual([2]);
    expect(await readFile(join(dir, sealed[0]?.name ?? ''), 'utf8')).toBe(line(1) + line(2));
  });

  it('seals a segment kept open for light traffic as soon as it reaches the quiet minimum', async () => {
    const log = createLog();
    await log.append(line(1));
    vi.advanceTimersByTime(AGE_MS);
    await turn();
    await Promise.all([line(2), line(3)].map((text) => log.append(text)));
    // The quiet age is never reached: the third row seals it.
    await settled(() => sealed.length === 1);
    expect(sealed.map((segment) => segment.rows)).toEqual([3]);
    await log.append(line(4));
    await log.seal();
    expect(sealed.map((segment) => segment.rows)).toEqual([3, 1]);
  });

  it('still seals at once when asked (flush, shutdown)', async () => {
    const log = createLog();
    await log.append(line(1));
    vi.advanceTimersByTime(AGE_MS);
    await turn();
    await log.seal();
    expect(sealed.map((segment) => segment.rows)).toEqual([1]);
  });
});
