// Group-committed segment files: a row is acknowledged only after the synchronous-data write of its batch returns.
import { constants } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { newSegmentName, syncDirectory } from './segment-file.js';

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
  /** Receives every sealed, non-empty segment; it is complete and durable on disk. */
  readonly onSeal: (segment: SealedSegment) => void;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

interface OpenSegment {
  readonly name: string;
  readonly handle: FileHandle;
  readonly timer: NodeJS.Timeout;
  rows: number;
  bytes: number;
  expired: boolean;
}

async function writeFully(handle: FileHandle, data: Buffer, position: number): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset, position + offset);
    offset += bytesWritten;
  }
}

/**
 * Segments are opened with O_DSYNC: each write returns once its data is on stable storage, as write +
 * fdatasync would, in one trip to the I/O thread pool instead of two (on a busy machine each trip costs
 * about a millisecond of latency to every request waiting on the commit).
 */
const SEGMENT_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DSYNC;

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

  constructor(private readonly options: WriteAheadLogOptions) {}

  /** `line` is one JSON object followed by '\n'; resolves once it is durable, rejects if the write failed. */
  append(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.lines.push(line);
      this.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  /** Commits everything appended so far, then seals the open segment (if any). */
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
          await this.sealCurrent(false);
          for (const resolve of waiters) resolve();
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
    const data = Buffer.from(this.lines.join(''));
    const waiters = this.waiters;
    this.lines = [];
    this.waiters = [];
    let segment: OpenSegment | null = this.current;
    try {
      segment ??= await this.openSegment();
      await writeFully(segment.handle, data, segment.bytes);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      if (segment) await this.abandon(segment);
      return;
    }
    segment.rows += count;
    segment.bytes += data.length;
    this.commitCount += 1;
    for (const waiter of waiters) waiter.resolve();
    if (segment.rows >= this.options.maxSegmentRows) await this.sealCurrent(false);
  }

  private async openSegment(): Promise<OpenSegment> {
    const name = newSegmentName(Date.now(), this.sequence++);
    const path = join(this.options.dir, name);
    const handle = await open(path, SEGMENT_FLAGS);
    try {
      await syncDirectory(this.options.dir);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(path).catch(() => undefined);
      throw error;
    }
    const timer = setTimeout(() => this.expire(name), this.options.maxSegmentAgeMs);
    timer.unref();
    this.current = { name, handle, timer, rows: 0, bytes: 0, expired: false };
    return this.current;
  }

  private expire(name: string): void {
    if (this.current?.name !== name) return;
    this.current.expired = true;
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
    await this.sealCurrent(suspect);
  }

  private async sealCurrent(suspect: boolean): Promise<void> {
    const segment = this.current;
    if (!segment) return;
    this.current = null;
    clearTimeout(segment.timer);
    // The data is already on stable storage; an error from close() cannot lose it.
    await segment.handle.close().catch(() => undefined);
    if (segment.rows === 0) {
      await unlink(join(this.options.dir, segment.name)).catch(() => undefined);
      return;
    }
    this.options.onSeal({ name: segment.name, rows: segment.rows, bytes: segment.bytes, suspect });
  }
}
