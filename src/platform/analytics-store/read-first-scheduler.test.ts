import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadFirstScheduler, type ReadFirstOptions } from './read-first-scheduler.js';

const OPTIONS: ReadFirstOptions = { quietMs: 50, restFactor: 2, activeWindowMs: 1_000, maxWaitMs: 2_000, now: () => Date.now() };

/** An operation that ends when the test says so, recording when it started. */
function operation(log: string[], name: string) {
  let finish = () => undefined as void;
  const ended = new Promise<void>((resolve) => { finish = resolve; });
  return {
    run: async () => {
      log.push(`${name} started at ${Date.now()}`);
      await ended;
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every settled promise's callbacks run (no timer moves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('reads ahead of background work on one engine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts background work at once when no reader is about', async () => {
    const scheduler = new ReadFirstScheduler(OPTIONS);
    const log: string[] = [];
    const write = operation(log, 'write');
    const done = scheduler.background(write.run);
    await settle();
    expect(log).toEqual(['write started at 0']);
    write.finish();
    await expect(done).resolves.toBe('write');
  });

  it('holds background work while a read runs, and after it until reads have been quiet for quietMs', async () => {
    const scheduler = new ReadFirstScheduler(OPTIONS);
    const log: string[] = [];
    const read = operation(log, 'read');
    const write = operation(log, 'write');
    const reading = scheduler.read(read.run);
    const writing = scheduler.background(write.run);
    await vi.advanceTimersByTimeAsync(500);
    expect(log).toEqual(['read started at 0']);
    read.finish();
    await reading;
    await vi.advanceTimersByTimeAsync(49);
    expect(log).toEqual(['read started at 0']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['read started at 0', 'write started at 550']);
    write.finish();
    await writing;
  });

  it('runs background work one operation at a time, in arrival order', async () => {
    const scheduler = new ReadFirstScheduler(OPTIONS);
    const log: string[] = [];
    const first = operation(log, 'first');
    const second = operation(log, 'second');
    const doneFirst = scheduler.background(first.run);
    const doneSecond = scheduler.background(second.run);
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['first started at 0']);
    first.finish();
    await doneFirst;
    await settle();
    // No reader came: no rest.
    expect(log).toEqual(['first started at 0', 'second started at 100']);
    second.finish();
    await doneSecond;
  });

  it('rests restFactor times the last operation before the next while readers are about', async () => {
    const scheduler = new ReadFirstScheduler(OPTIONS);
    const log: string[] = [];
    const read = operation(log, 'read');
    read.finish();
    await scheduler.read(read.run);
    // Reads quiet for 100 ms, then a write of 200 ms: a reader came 300 ms before it ended, within the window.
    await vi.advanceTimersByTimeAsync(100);
    const first = operation(log, 'first');
    const second = operation(log, 'second');
    const doneFirst = scheduler.background(first.run);
    const doneSecond = scheduler.background(second.run);
    await vi.advanceTimersByTimeAsync(200);
    first.finish();
    await doneFirst;
    await vi.advanceTimersByTimeAsync(399);
    expect(log).toEqual(['read started at 0', 'first started at 100']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['read started at 0', 'first started at 100', 'second started at 700']);
    second.finish();
    await doneSecond;
  });

  it('lets background work go after maxWaitMs even when reads never pause', async () => {
    const scheduler = new ReadFirstScheduler(OPTIONS);
    const log: string[] = [];
    const read = operation(log, 'read');
    const write = operation(log, 'write');
    const reading = scheduler.read(read.run);
    const writing = scheduler.background(write.run);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(log).toEqual(['read started at 0']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['read started at 0', 'write started at 2000']);
    write.finish();
    read.finish();
    await Promise.all([reading, writing]);
  });

  it('hands the turn on when a background operation fails, and passes the failure to its caller', async () => {
    const scheduler = new ReadFirstScheduler(OPTIONS);
    const failing = scheduler.background(() => Promise.reject(new Error('insert refused')));
    const next = scheduler.background(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('insert refused');
    await expect(next).resolves.toBe('next');
  });
});
