// Group-committed segment files: a row is acknowledged only after the write of its batch returns; how far
// that write reaches (the page cache, or stable storage) is the log's sync policy.
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { LineBatchEncoder } from './line-batch-encoder.js';
import { newSegmentName, syncDirectory } from './segment-file.js';
import { datasynced, segmentFlags, writeFully, writeFullySync } from './segment-writes.js';

/**
 * When the log's data reaches stable storage (docs/durability.md, "What is fsynced, and when"):
 * - `seal`: each batch is written into the page cache on the event loop and acknowledged at once, which
 *   survives the process dying (kill -9, OOM kill, crash); the segment is fdatasync'ed when it is sealed,
 *   before it is inserted, and every `syncIntervalMs` while it stays open, so a power cut can lose at most
 *   that long of events (the whole open segment, `flushIntervalMs` of events, without the setting).
 * - `commit`: each batch is written with O_DSYNC before it is acknowledged, which also survives a power cut.
 */
export type SpoolSync = 'seal' | 'commit';

export interface SealedSegment {
  readonly name: string;
  /** Acknowledged rows in the file. */
  readonly rows: number;
  readonly bytes: number;
  /** A write into it failed and its tail could not be cut back: validate it before reading. */
  readonly suspect: boolean;
}

export interface WriteAheadLogOptions {
  readonly dir: string;
  /** Seal the open segment once it holds this many rows. */
  readonly maxSegmentRows: number;
  /** Seal the open segment this long after it was created. */
  readonly maxSegmentAgeMs: number;
  /** Lets a segment that is still small at `maxSegmentAgeMs` stay open longer (QuietSegment); default: none. */
  readonly quietSegment?: QuietSegment;
  /** Receives every sealed, non-empty segment; it is complete and durable on disk. */
  readonly onSeal: (segment: SealedSegment) => void;
  /** Default `seal`. */
  readonly sync?: SpoolSync;
  /**
   * With `seal`: the open segment's new data is also fdatasync'ed this often while it is open, so segments can
   * stay open longer (fewer, larger inserts) without widening what a power cut can lose. Default: only at the seal.
   */
  readonly syncIntervalMs?: number;
}

/**
 * Each insert into the store costs a fixed amount of work besides its rows' (every view of `events` planned and run,
 * a part written per table and month), so a segment of a few rows costs about as much to insert as one of a
 * thousand. A segment holding fewer than `minRows` rows when it reaches `maxSegmentAgeMs` stays open until it
 * has `minRows` rows or is `maxAgeMs` old, whichever comes first: light traffic is inserted in fewer, larger
 * batches, and traffic that fills `minRows` within `maxSegmentAgeMs` is sealed as before.
 */
export interface QuietSegment {
  readonly minRows: number;
  /** At most this long after the segment was created; more than the log's `maxSegmentAgeMs`. */
  readonly maxAgeMs: number;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

interface OpenSegment {
  readonly name: string;
  readonly handle: FileHandle;
  /** Seals the segment when it is old enough (the quiet extension replaces it). */
  timer: NodeJS.Timeout;
  /** The periodic fdatasync of the open segment (`syncIntervalMs`), if any. */
  readonly syncTimer: NodeJS.Timeout | undefined;
  rows: number;
  bytes: number;
  expired: boolean;
  /** Reached `maxSegmentAgeMs` with fewer rows than the quiet minimum: sealed at that minimum or the quiet age. */
  lingering: boolean;
  /** Bytes known to be on stable storage. */
  syncedBytes: number;
  /** The periodic fdatasync in flight: the seal waits for it before closing the file. */
  syncing: Promise<void> | undefined;
  /** A periodic fdatasync failed: the pages may be gone, so the segment is validated before it is read. */
  syncFailed: boolean;
}

/**
 * One writer loop owns the open file. Appends that arrive while a write is in flight are
 * committed together by the next one (group commit), so a slow disk makes batches larger, not queues longer.
 */
export class WriteAheadLog {
  private lines: string[] = [];
  private waiters: Waiter[] = [];
  private sealWaiters: Array<() => void> = [];
  private current: OpenSegment | null = null;
  private running = false;
  private scheduled = false;
  private sequence = 0;
  private commitCount = 0;
  /** Sealed segments being synced and closed, in order; never rejects. */
  private sealing: Promise<void> = Promise.resolve();
  private readonly encoder = new LineBatchEncoder();
  private readonly sync: SpoolSync;

  constructor(private readonly options: WriteAheadLogOptions) {
    this.sync = options.sync ?? 'seal';
  }

  /** `line` is one JSON object followed by '\n'; resolves once it is durable, rejects if the write failed. */
  append(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.lines.push(line);
      this.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  /** Commits everything appended so far, seals the open segment (if any) and resolves once it was handed to `onSeal`. */
  seal(): Promise<void> {
    return new Promise((resolve) => {
      this.sealWaiters.push(resolve);
      this.schedule();
    });
  }

  /** Number of synchronous writes so far. */
  get commits(): number {
    return this.commitCount;
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every request parsed in this turn of the event loop joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        if (this.lines.length > 0) {
          await this.commit();
        } else if (this.sealWaiters.length > 0 || this.current?.expired === true) {
          const waiters = this.sealWaiters;
          this.sealWaiters = [];
          this.sealCurrent(false);
          if (waiters.length > 0) void this.sealing.then(() => waiters.forEach((resolve) => resolve()));
        } else {
          break;
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async commit(): Promise<void> {
    const count = this.lines.length;
    const data = this.encoder.encode(this.lines);
    const waiters = this.waiters;
    this.lines = [];
    this.waiters = [];
    let segment: OpenSegment | null = this.current;
    try {
      segment ??= await this.openSegment();
      if (this.sync === 'seal') writeFullySync(segment.handle, data, segment.bytes);
      else await writeFully(segment.handle, data, segment.bytes);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      if (segment) await this.abandon(segment);
      return;
    }
    segment.rows += count;
    segment.bytes += data.length;
    this.commitCount += 1;
    for (const waiter of waiters) waiter.resolve();
    if (segment.rows >= this.options.maxSegmentRows || (segment.lingering && segment.rows >= (this.options.quietSegment?.minRows ?? 0))) this.sealCurrent(false);
  }

  /**
   * With `commit` the new file's directory entry is made durable before its first acknowledgement; with
   * `seal` that waits for the segment's sealing too, so the writer does not stall on a directory fsync
   * once per segment (the entry outlives the process as soon as `open` returns).
   */
  private async openSegment(): Promise<OpenSegment> {
    const name = newSegmentName(Date.now(), this.sequence++);
    const path = join(this.options.dir, name);
    const handle = await open(path, segmentFlags(this.sync === 'commit'));
    try {
      if (this.sync === 'commit') await syncDirectory(this.options.dir);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(path).catch(() => undefined);
      throw error;
    }
    const timer = setTimeout(() => this.expire(name), this.options.maxSegmentAgeMs);
    timer.unref();
    const syncTimer = this.periodicSync(name);
    this.current = { name, handle, timer, syncTimer, rows: 0, bytes: 0, expired: false, lingering: false, syncedBytes: 0, syncing: undefined, syncFailed: false };
    return this.current;
  }

  /** With `seal` and `syncIntervalMs` shorter than a segment's life, a timer that syncs the open segment. */
  private periodicSync(name: string): NodeJS.Timeout | undefined {
    const every = this.options.syncIntervalMs;
    if (this.sync !== 'seal' || every === undefined || every >= this.options.maxSegmentAgeMs) return undefined;
    const timer = setInterval(() => this.syncOpen(name), every);
    timer.unref();
    return timer;
  }

  /** fdatasync of the open segment's data written since the last one (and of its directory entry), off the event loop. */
  private syncOpen(name: string): void {
    const segment = this.current;
    if (segment?.name !== name || segment.syncing !== undefined || segment.bytes === segment.syncedBytes) return;
    const bytes = segment.bytes;
    segment.syncing = datasynced(segment.handle, this.options.dir).then((ok) => {
      if (ok) segment.syncedBytes = bytes;
      else segment.syncFailed = true;
      segment.syncing = undefined;
    });
  }

  private expire(name: string): void {
    const segment = this.current;
    if (segment?.name !== name) return;
    const quiet = this.options.quietSegment;
    if (quiet !== undefined && !segment.lingering && segment.rows < quiet.minRows) {
      segment.lingering = true;
      segment.timer = setTimeout(() => this.expire(name), quiet.maxAgeMs - this.options.maxSegmentAgeMs);
      segment.timer.unref();
      return;
    }
    segment.expired = true;
    this.schedule();
  }

  /**
   * After a failed write the file's tail is unknown (and on Linux a failed fsync may have
   * dropped dirty pages), so the segment takes no more rows: cut it back to its acknowledged bytes and seal it.
   */
  private async abandon(segment: OpenSegment): Promise<void> {
    let suspect = false;
    try {
      await segment.handle.truncate(segment.bytes);
      await segment.handle.datasync();
    } catch {
      suspect = true;
    }
    this.sealCurrent(suspect);
  }

  /**
   * Takes the open segment out of the writer's hands at once and finishes it behind the segments sealed
   * before it, so the next batch is not held up by the fdatasync and segments reach `onSeal` in order.
   */
  private sealCurrent(suspect: boolean): void {
    const segment = this.current;
    if (!segment) return;
    this.current = null;
    clearTimeout(segment.timer);
    clearInterval(segment.syncTimer);
    // Should handing one segment on throw, the later ones still go on; that segment stays on disk and is
    // replayed at the next start.
    this.sealing = this.sealing.then(() => this.finish(segment, suspect)).catch(() => undefined);
  }

  private async finish(segment: OpenSegment, suspect: boolean): Promise<void> {
    await segment.syncing;
    suspect ||= segment.syncFailed;
    const unsynced = this.sync === 'seal' && !suspect && segment.rows > 0 && !(await datasynced(segment.handle, this.options.dir));
    // The data is on stable storage now; an error from close() cannot lose it.
    await segment.handle.close().catch(() => undefined);
    if (segment.rows === 0) {
      await unlink(join(this.options.dir, segment.name)).catch(() => undefined);
      return;
    }
    this.options.onSeal({ name: segment.name, rows: segment.rows, bytes: segment.bytes, suspect: suspect || unsynced });
  }
}
