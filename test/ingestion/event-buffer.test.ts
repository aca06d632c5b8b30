import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { BackPressureError, EventBufferClosedError } from '../../src/ingestion/event-buffer/event-buffer-errors.js';
import { createEventBuffer, type EventBuffer, type EventBufferOptions } from '../../src/ingestion/event-buffer/event-buffer.js';
import { newSegmentName } from '../../src/ingestion/event-buffer/segment-file.js';
import { insertIntoTable, type SegmentSink, type SealedSegment } from '../../src/ingestion/event-buffer/segment-sink.js';
import { withInsertFaults } from '../helpers/event-buffer/insert-fault-store.js';
import { numberedBotRow, numberedEventRow, storedNumberCounts } from '../helpers/event-buffer/numbered-rows.js';
import { waitUntil } from '../helpers/event-buffer/wait-until.js';
import { openMigratedChdbStore } from '../helpers/migrated-store.js';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const onceEach = (numbers: number[]): Map<number, number> => new Map(numbers.map((n) => [n, 1]));
const lines = (numbers: number[]): string => numbers.map((n) => JSON.stringify(numberedEventRow(n)) + '\n').join('');

describe('event buffer over real chDB', () => {
  let root: string;
  let spool: string;
  let store: AnalyticsStore;
  let warnings: Array<{ obj: object; msg: string }>;
  const buffers: EventBuffer[] = [];

  const open = async (overrides: Partial<EventBufferOptions> = {}): Promise<EventBuffer> => {
    const buffer = await createEventBuffer({
      store,
      table: 'events',
      dir: spool,
      maxPendingRows: 100_000,
      flushIntervalMs: 50,
      maxBatchRows: 1000,
      retry: { initialDelayMs: 10, maxDelayMs: 50 },
      logger: { warn: (obj, msg) => warnings.push({ obj, msg }), error: () => undefined },
      ...overrides,
    });
    buffers.push(buffer);
    return buffer;
  };
  const leaveSegment = async (text: string): Promise<string> => {
    const name = newSegmentName(Date.now(), 0);
    await writeFile(join(spool, name), text);
    return name;
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-buffer-'));
    spool = join(root, 'spool', 'events');
    store = await openMigratedChdbStore(join(root, 'analytics'));
    warnings = [];
  });
  afterEach(async () => {
    for (const buffer of buffers.splice(0)) await buffer.flushAndClose({ timeoutMs: 0 });
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('stores every appended row once after flush and empties the spool', async () => {
    const buffer = await open({ maxBatchRows: 700 });
    await Promise.all(range(1, 2500).map((n) => buffer.append(numberedEventRow(n))));
    await buffer.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 2500)));
    expect(buffer.counters()).toMatchObject({ appended: 2500, inserted: 2500, pending: 0, segments: 0, failures: 0 });
    expect(await readdir(spool)).toEqual([]);
  });

  it('serves two tables side by side, one buffer each', async () => {
    const events = await open();
    const bots = await open({ table: 'bot_events', dir: join(root, 'spool', 'bot_events') });
    await Promise.all([
      ...range(1, 300).map((n) => events.append(numberedEventRow(n))),
      ...range(1001, 1200).map((n) => bots.append(numberedBotRow(n))),
    ]);
    await Promise.all([events.flush(), bots.flush()]);
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 300)));
    expect(await storedNumberCounts(store, 'bot_events')).toEqual(onceEach(range(1001, 1200)));
  });

  it('replays segments a crash left behind', async () => {
    await open().then((buffer) => buffer.flushAndClose());
    await leaveSegment(lines(range(1, 40)));
    await leaveSegment(lines(range(41, 50)));
    const buffer = await open();
    await buffer.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 50)));
    expect(buffer.counters()).toMatchObject({ replayed: 50, inserted: 50, pending: 0 });
    expect(await readdir(spool)).toEqual([]);
  });

  it('hands the next queued segment to the sink\'s prefetch while one is in the sink, and still stores each once', async () => {
    await open().then((buffer) => buffer.flushAndClose());
    const names = [newSegmentName(Date.now(), 1), newSegmentName(Date.now(), 2), newSegmentName(Date.now(), 3)];
    for (const [index, name] of names.entries()) await writeFile(join(spool, name), lines(range(index * 10 + 1, index * 10 + 10)));
    const insert = insertIntoTable(store, 'events');
    const delivered: string[] = [];
    const prefetched: SealedSegment[] = [];
    const sink: SegmentSink = async (segment) => {
      delivered.push(segment.name);
      await insert(segment);
    };
    sink.prefetch = (segment) => void prefetched.push(segment);
    const buffer = await open({ sink });
    await buffer.flush();
    expect(delivered).toEqual(names);
    expect(prefetched.map((segment) => segment.name)).toEqual(names.slice(1));
    expect(prefetched[0]?.payload.toString()).toBe(lines(range(11, 20)));
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 30)));
  });

  it('replays a segment that was inserted just before the crash without storing it twice', async () => {
    await open().then((buffer) => buffer.flushAndClose());
    const name = await leaveSegment(lines(range(1, 30)));
    await insertIntoTable(store, 'events')({ name, payload: await readFile(join(spool, name)) });
    const buffer = await open();
    await buffer.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 30)));
    expect(buffer.counters()).toMatchObject({ replayed: 30, inserted: 30 });
  });

  it('deduplicates by segment, not by content: a new segment with equal rows is stored again', async () => {
    await open().then((buffer) => buffer.flushAndClose());
    const first = await leaveSegment(lines([7, 8]));
    await insertIntoTable(store, 'events')({ name: first, payload: await readFile(join(spool, first)) });
    await leaveSegment(lines([7, 8]));
    const buffer = await open();
    await buffer.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(new Map([[7, 2], [8, 2]]));
  });

  it('ignores a torn last line, which was never acknowledged', async () => {
    await open().then((buffer) => buffer.flushAndClose());
    const torn = JSON.stringify(numberedEventRow(4)).slice(0, 25);
    const name = await leaveSegment(lines(range(1, 3)) + torn);
    const buffer = await open();
    await buffer.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 3)));
    expect(warnings).toContainEqual({
      obj: { table: 'events', segment: name, droppedBytes: 25 },
      msg: 'cut unacknowledged torn tail',
    });
  });

  it('refuses rows with BackPressureError while the store fails, then stores each accepted row once', async () => {
    const { store: faulty, faults } = withInsertFaults(store);
    faults.mode = 'before';
    const buffer = await open({ store: faulty, maxPendingRows: 50, flushIntervalMs: 10, maxBatchRows: 20 });
    await Promise.all(range(1, 50).map((n) => buffer.append(numberedEventRow(n))));
    const refused = await buffer.append(numberedEventRow(51)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackPressureError);
    expect(refused).toMatchObject({ statusCode: 503, pendingRows: 50, maxPendingRows: 50, table: 'events' });
    await waitUntil(() => buffer.counters().failures >= 3);
    expect(buffer.counters()).toMatchObject({ appended: 50, rejected: 1, inserted: 0, pending: 50 });
    faults.mode = 'none';
    await buffer.flush();
    await buffer.append(numberedEventRow(52));
    await buffer.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach([...range(1, 50), 52]));
  });

  it('retries an insert whose failure was reported after it succeeded, storing the rows once', async () => {
    const { store: faulty, faults } = withInsertFaults(store);
    faults.mode = 'after';
    const buffer = await open({ store: faulty });
    await Promise.all(range(1, 20).map((n) => buffer.append(numberedEventRow(n))));
    const flushed = buffer.flush();
    await waitUntil(() => faults.attempts >= 2);
    faults.mode = 'none';
    await flushed;
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 20)));
  });

  it('flushAndClose inserts everything, then refuses new rows', async () => {
    const buffer = await open({ flushIntervalMs: 60_000 });
    await Promise.all(range(1, 300).map((n) => buffer.append(numberedEventRow(n))));
    expect(await buffer.flushAndClose()).toEqual({ remainingRows: 0, remainingSegments: 0 });
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 300)));
    await expect(buffer.append(numberedEventRow(301))).rejects.toBeInstanceOf(EventBufferClosedError);
    expect(await readdir(spool)).toEqual([]);
  });

  it('flushAndClose with a deadline leaves what the store refused on disk for the next start', async () => {
    const { store: faulty, faults } = withInsertFaults(store);
    faults.mode = 'before';
    const first = await open({ store: faulty });
    await Promise.all(range(1, 40).map((n) => first.append(numberedEventRow(n))));
    expect(await first.flushAndClose({ timeoutMs: 100 })).toEqual({ remainingRows: 40, remainingSegments: 1 });
    const second = await open();
    await second.flush();
    expect(await storedNumberCounts(store, 'events')).toEqual(onceEach(range(1, 40)));
  });
});
