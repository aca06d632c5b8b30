// Durable batching into the analytics store: acknowledge after a write to a local log, insert in batches, replay on start.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AnalyticsRow, AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { BackPressureError, EventBufferClosedError } from './event-buffer-errors.js';
import { listSegments, recoverSegment, syncDirectory } from './segment-file.js';
import { insertIntoTable, type SegmentSink } from './segment-sink.js';
import { SegmentFlusher } from './segment-flusher.js';
import { WriteAheadLog, type QuietSegment, type SealedSegment, type SpoolSync } from './write-ahead-log.js';

export interface EventSink {
  /** Resolves once the row is in the local log (see SpoolSync); rejects with BackPressureError when the store lags. */
  append(row: AnalyticsRow): Promise<void>;
  /** The same for a row already serialized: one JSON object, without line breaks. */
  appendJson(json: string): Promise<void>;
}

export interface EventBufferLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EventBufferOptions {
  readonly store: AnalyticsStore;
  /** The table rows are inserted into by default; also names the buffer in logs and errors. */
  readonly table: string;
  /** How a sealed segment reaches the store; default: its lines inserted into `table` as they are. */
  readonly sink?: SegmentSink;
  /** This buffer's spool directory, e.g. DATA_DIR/spool/intake; one process per directory. */
  readonly dir: string;
  /** Rows accepted but not yet in the store beyond which `append` rejects with BackPressureError. */
  readonly maxPendingRows: number;
  /** A segment is sealed and handed to the inserter at most this long after it was opened. */
  readonly flushIntervalMs: number;
  /** A segment still small at `flushIntervalMs` stays open longer (see QuietSegment); default: sealed then. */
  readonly quietSegment?: QuietSegment;
  /** With `seal`: the open segment is also fdatasync'ed this often (WriteAheadLogOptions.syncIntervalMs). */
  readonly syncIntervalMs?: number;
  /** A segment is sealed when it holds this many rows (one insert, one part per month touched). */
  readonly maxBatchRows: number;
  readonly retry?: { readonly initialDelayMs: number; readonly maxDelayMs: number };
  readonly logger?: EventBufferLogger;
  /** When the spool reaches stable storage (default `seal`; see SpoolSync). */
  readonly sync?: SpoolSync;
  /** Hears the row count of every segment stored (the insert batch sizes, for the metrics). */
  readonly onBatchInserted?: (rows: number) => void;
}

export interface EventBufferCounters {
  /** Rows acknowledged (durable on disk) since start. */
  readonly appended: number;
  /** Appends refused with BackPressureError. */
  readonly rejected: number;
  /** Rows inserted into the store since start (replayed ones included). */
  readonly inserted: number;
  /** Rows accepted and not yet inserted, on disk or in the write in flight. */
  readonly pending: number;
  /** Sealed segments waiting for (or in) insertion. */
  readonly segments: number;
  /** Failed insert attempts (each is retried). */
  readonly failures: number;
  /** Rows found on disk at start and queued again. */
  readonly replayed: number;
  /** When the longest-waiting sealed segment was queued for insertion (ms since the epoch); undefined when none waits. */
  readonly oldestQueuedAt: number | undefined;
  /** Appends rejected because the local synchronous write failed. */
  readonly writeFailures: number;
}

export interface FlushAndCloseResult {
  /** Rows left on disk because the store did not take them before the deadline; replayed on next start. */
  readonly remainingRows: number;
  readonly remainingSegments: number;
}

export interface EventBuffer extends EventSink {
  readonly table: string;
  counters(): EventBufferCounters;
  /** Seals the open segment and resolves once every row appended before the call is in the store. */
  flush(): Promise<void>;
  /** SIGTERM: refuse new rows, seal, insert everything (until `timeoutMs`, default unlimited), stop. */
  flushAndClose(options?: { timeoutMs?: number }): Promise<FlushAndCloseResult>;
}

const DEFAULT_RETRY = { initialDelayMs: 200, maxDelayMs: 30_000 };
const SILENT_LOGGER: EventBufferLogger = { warn: () => undefined, error: () => undefined };

async function prepareDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await syncDirectory(dir);
  await syncDirectory(dirname(dir));
}

/** Segments left by a previous run (crash or unfinished shutdown), torn tails cut, ready to insert again. */
async function recoverLeftovers(dir: string, table: string, logger: EventBufferLogger): Promise<SealedSegment[]> {
  const segments: SealedSegment[] = [];
  for (const name of await listSegments(dir)) {
    const recovered = await recoverSegment(dir, name);
    if (recovered.droppedBytes > 0) {
      logger.warn({ table, segment: name, droppedBytes: recovered.droppedBytes }, 'cut unacknowledged torn tail');
    }
    if (recovered.rows > 0) segments.push({ name, rows: recovered.rows, bytes: recovered.bytes, suspect: false });
  }
  if (segments.length > 0) {
    const rows = segments.reduce((sum, segment) => sum + segment.rows, 0);
    logger.warn({ table, segments: segments.length, rows }, 'replaying spooled segments from a previous run');
  }
  return segments;
}

class DurableEventBuffer implements EventBuffer {
  private readonly count = { appended: 0, rejected: 0, inserted: 0, pending: 0, failures: 0, replayed: 0, writeFailures: 0 };
  private closed = false;
  private readonly flusher: SegmentFlusher;
  private readonly wal: WriteAheadLog;
  private readonly onWritten = (): void => {
    this.count.appended += 1;
  };
  private readonly onWriteFailed = (error: unknown): never => {
    this.count.pending -= 1;
    this.count.writeFailures += 1;
    throw error;
  };

  constructor(
    private readonly options: EventBufferOptions,
    private readonly logger: EventBufferLogger,
  ) {
    const { store, table, dir } = options;
    const retry = options.retry ?? DEFAULT_RETRY;
    this.flusher = new SegmentFlusher({
      sink: options.sink ?? insertIntoTable(store, table),
      dir,
      initialRetryMs: retry.initialDelayMs,
      maxRetryMs: retry.maxDelayMs,
      onInserted: (segment) => {
        this.count.inserted += segment.rows;
        this.count.pending -= segment.rows;
        options.onBatchInserted?.(segment.rows);
      },
      onFailed: (segment, error, attempts, retryInMs) => {
        this.count.failures += 1;
        const context = { table, segment: segment.name, rows: segment.rows, attempts, retryInMs, err: error };
        logger.error(context, 'insert failed; will retry');
      },
      onMissing: (segment) => {
        this.count.pending -= segment.rows;
        logger.error({ table, segment: segment.name, rows: segment.rows }, 'spooled segment vanished before insert');
      },
    });
    this.wal = new WriteAheadLog({
      dir,
      maxSegmentRows: options.maxBatchRows,
      maxSegmentAgeMs: options.flushIntervalMs,
      ...(options.quietSegment ? { quietSegment: options.quietSegment } : {}),
      onSeal: (segment) => this.flusher.enqueue(segment),
      ...(options.sync ? { sync: options.sync } : {}),
      ...(options.syncIntervalMs !== undefined ? { syncIntervalMs: options.syncIntervalMs } : {}),
    });
  }

  get table(): string {
    return this.options.table;
  }

  replay(segments: readonly SealedSegment[]): void {
    for (const segment of segments) {
      this.count.replayed += segment.rows;
      this.count.pending += segment.rows;
      this.flusher.enqueue(segment);
    }
  }

  append(row: AnalyticsRow): Promise<void> {
    const refusal = this.refusal();
    if (refusal) return Promise.reject(refusal);
    let json: string;
    try {
      json = JSON.stringify(row);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.write(json);
  }

  appendJson(json: string): Promise<void> {
    const refusal = this.refusal();
    if (refusal) return Promise.reject(refusal);
    if (json.includes('\n')) return Promise.reject(new Error('a spooled row must be one line of JSON'));
    return this.write(json);
  }

  private refusal(): Error | undefined {
    if (this.closed) return new EventBufferClosedError(this.table);
    const { maxPendingRows } = this.options;
    if (this.count.pending < maxPendingRows) return undefined;
    this.count.rejected += 1;
    return new BackPressureError(this.table, this.count.pending, maxPendingRows);
  }

  private write(json: string): Promise<void> {
    this.count.pending += 1;
    return this.wal.append(json + '\n').then(this.onWritten, this.onWriteFailed);
  }

  counters(): EventBufferCounters {
    return { ...this.count, segments: this.flusher.queuedSegments, oldestQueuedAt: this.flusher.oldestEnqueuedAt };
  }

  async flush(): Promise<void> {
    if (this.closed) throw new EventBufferClosedError(this.table);
    await this.wal.seal();
    await this.flusher.waitFor(this.flusher.lastSequence);
  }

  async flushAndClose(options: { timeoutMs?: number } = {}): Promise<FlushAndCloseResult> {
    this.closed = true;
    await this.wal.seal();
    const drained = this.flusher.waitFor(this.flusher.lastSequence);
    if (options.timeoutMs === undefined) await drained;
    else await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, options.timeoutMs).unref())]);
    await this.flusher.stop();
    return { remainingRows: this.count.pending, remainingSegments: this.flusher.queuedSegments };
  }
}

/** Prepares the spool directory, recovers what a previous run left there and starts inserting it. */
export async function createEventBuffer(options: EventBufferOptions): Promise<EventBuffer> {
  const logger = options.logger ?? SILENT_LOGGER;
  await prepareDirectory(options.dir);
  const leftovers = await recoverLeftovers(options.dir, options.table, logger);
  const buffer = new DurableEventBuffer(options, logger);
  buffer.replay(leftovers);
  return buffer;
}
