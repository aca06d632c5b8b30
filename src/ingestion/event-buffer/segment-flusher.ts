// Hands sealed segments to the spool's segment sink one at a time, deletes each once stored; failures retry with backoff.
import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SegmentSink } from './segment-sink.js';
import { recoverSegment } from './segment-file.js';
import type { SealedSegment } from './write-ahead-log.js';

export interface SegmentFlusherOptions {
  readonly sink: SegmentSink;
  readonly dir: string;
  readonly initialRetryMs: number;
  readonly maxRetryMs: number;
  readonly onInserted: (segment: SealedSegment) => void;
  readonly onFailed: (segment: SealedSegment, error: unknown, attempts: number, retryInMs: number) => void;
  /** The file vanished (an operator moved it aside): its rows leave the queue without being inserted. */
  readonly onMissing: (segment: SealedSegment) => void;
}

interface Entry {
  segment: SealedSegment;
  readonly sequence: number;
  attempts: number;
  notBefore: number;
  /** When the segment joined the queue (sealed, or found on disk at start): the spool lag counts from here. */
  readonly enqueuedAt: number;
}

interface IdleWaiter {
  readonly until: number;
  readonly resolve: () => void;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class SegmentFlusher {
  private readonly queue: Entry[] = [];
  private idleWaiters: IdleWaiter[] = [];
  private wake: (() => void) | null = null;
  private stopped = false;
  private nextSequence = 0;
  private readonly loop: Promise<void>;

  constructor(private readonly options: SegmentFlusherOptions) {
    this.loop = this.run();
  }

  enqueue(segment: SealedSegment): void {
    this.queue.push({ segment, sequence: this.nextSequence++, attempts: 0, notBefore: 0, enqueuedAt: Date.now() });
    this.wake?.();
  }

  get queuedSegments(): number {
    return this.queue.length;
  }

  /** When the longest-waiting queued segment was enqueued (ms since the epoch), or undefined when none waits. */
  get oldestEnqueuedAt(): number | undefined {
    return this.queue.reduce<number | undefined>((oldest, entry) => (oldest === undefined || entry.enqueuedAt < oldest ? entry.enqueuedAt : oldest), undefined);
  }

  /** Sequence number of the latest enqueued segment (-1 before the first). */
  get lastSequence(): number {
    return this.nextSequence - 1;
  }

  /** Resolves once every segment enqueued up to `sequence` is stored and deleted. */
  waitFor(sequence: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.isDoneUpTo(sequence)) resolve();
      else this.idleWaiters.push({ until: sequence, resolve });
    });
  }

  /** Stops after the insert in flight (if any) settles; queued segments stay on disk for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private isDoneUpTo(sequence: number): boolean {
    return !this.queue.some((entry) => entry.sequence <= sequence);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const now = Date.now();
      const entry = this.queue.find((candidate) => candidate.notBefore <= now);
      if (!entry) {
        await this.sleep();
        continue;
      }
      // attempt() handles insert failures itself; this only guards against a throwing callback or logger.
      await this.attempt(entry).catch(() => {
        entry.notBefore = Date.now() + this.options.maxRetryMs;
      });
    }
  }

  private sleep(): Promise<void> {
    const earliest = Math.min(...this.queue.map((entry) => entry.notBefore));
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = Number.isFinite(earliest) ? setTimeout(done, Math.max(0, earliest - Date.now())) : undefined;
      timer?.unref();
      this.wake = done;
    });
  }

  private async attempt(entry: Entry): Promise<void> {
    const { sink, dir } = this.options;
    try {
      if (entry.segment.suspect) {
        const recovered = await recoverSegment(dir, entry.segment.name);
        entry.segment = { ...entry.segment, suspect: false };
        if (recovered.rows === 0) return this.remove(entry, 'missing');
      }
      const { name } = entry.segment;
      const stored = sink({ name, payload: await readFile(join(dir, name)) });
      this.prefetchAfter(entry);
      await stored;
    } catch (error) {
      if (isMissingFile(error)) return this.remove(entry, 'missing');
      entry.attempts += 1;
      const delay = Math.min(this.options.maxRetryMs, this.options.initialRetryMs * 2 ** (entry.attempts - 1));
      entry.notBefore = Date.now() + delay;
      this.options.onFailed(entry.segment, error, entry.attempts, delay);
      return;
    }
    // Should the delete be lost (crash, error), the next start inserts the segment again under the same token.
    await unlink(join(dir, entry.segment.name)).catch(() => undefined);
    this.remove(entry, 'inserted');
  }

  /** Hands the segment due after `entry` to the sink's prefetch, if it has one (a failed read is ignored). */
  private prefetchAfter(entry: Entry): void {
    const { prefetch } = this.options.sink;
    if (!prefetch) return;
    const now = Date.now();
    const next = this.queue.find((candidate) => candidate !== entry && candidate.notBefore <= now && !candidate.segment.suspect);
    if (!next) return;
    const { name } = next.segment;
    readFile(join(this.options.dir, name)).then((payload) => prefetch({ name, payload }), () => undefined);
  }

  private remove(entry: Entry, outcome: 'inserted' | 'missing'): void {
    this.queue.splice(this.queue.indexOf(entry), 1);
    if (outcome === 'inserted') this.options.onInserted(entry.segment);
    else this.options.onMissing(entry.segment);
    const waiting = this.idleWaiters;
    this.idleWaiters = waiting.filter((waiter) => !this.isDoneUpTo(waiter.until));
    for (const waiter of waiting) if (this.isDoneUpTo(waiter.until)) waiter.resolve();
  }
}
