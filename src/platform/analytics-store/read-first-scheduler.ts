// Reads ahead of background writes on an engine that runs one operation at a time (embedded chDB): a background
// operation (an import's lookups and inserts) starts only when no read is under way or has just ended, one at a
// time, and rests between two while readers are about; it never waits longer than a bound, so it is not starved.

export interface ReadFirstOptions {
  /** How long reads must have been idle before a background operation starts (ms). */
  readonly quietMs: number;
  /** While readers are about, the next background operation waits this many times the last one's duration. */
  readonly restFactor: number;
  /** Readers are about while a read is under way or one started this recently (ms). */
  readonly activeWindowMs: number;
  /** The longest a background operation waits for its turn; then it goes anyway (ms). */
  readonly maxWaitMs: number;
  readonly now?: () => number;
}

/**
 * An overview is three queries one after the other; a dashboard, a dozen requests at once. A background
 * operation submitted between two of them is run by the engine before the next one (it queues them in order),
 * so every query of the read could wait a whole insert. 50 ms of quiet covers the gaps inside one read; a rest
 * twice as long as the last operation keeps background work to a third of the engine's time while readers are
 * about, so most reads find it free (docs/imports.md, "An import beside other tenants"; decision 0031).
 */
export const DEFAULT_READ_FIRST: ReadFirstOptions = { quietMs: 50, restFactor: 2, activeWindowMs: 1_000, maxWaitMs: 2_000 };

interface Waiting {
  readonly since: number;
  readonly start: () => void;
}

export class ReadFirstScheduler {
  private readsInFlight = 0;
  private lastReadStart = Number.NEGATIVE_INFINITY;
  private lastReadEnd = Number.NEGATIVE_INFINITY;
  private restUntil = Number.NEGATIVE_INFINITY;
  private backgroundRunning = false;
  private readonly waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ReadFirstOptions = DEFAULT_READ_FIRST) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Runs a read (or any operation of the foreground: tracking's inserts too) at once, holding background work back meanwhile. */
  async read<T>(operation: () => Promise<T>): Promise<T> {
    this.readsInFlight++;
    this.lastReadStart = this.now();
    try {
      return await operation();
    } finally {
      this.readsInFlight--;
      this.lastReadEnd = this.now();
      this.pump();
    }
  }

  /** Runs a background operation when its turn comes: after reads pause, one at a time, in arrival order. */
  async background<T>(operation: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ since: this.now(), start });
      this.pump();
    });
    const started = this.now();
    try {
      return await operation();
    } finally {
      const ended = this.now();
      // Readers are about: the next one rests, so the next read most likely finds the engine free.
      if (this.readsInFlight > 0 || ended - this.lastReadStart < this.options.activeWindowMs) this.restUntil = ended + (ended - started) * this.options.restFactor;
      this.backgroundRunning = false;
      this.pump();
    }
  }

  /** Starts the first waiting background operation if its turn has come, or looks again when it will. */
  private pump(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.waiting[0];
    if (this.backgroundRunning || next === undefined) return;
    const now = this.now();
    const deadline = next.since + this.options.maxWaitMs;
    const turn = this.readsInFlight > 0 ? deadline : Math.min(deadline, Math.max(this.lastReadEnd + this.options.quietMs, this.restUntil));
    if (now < turn) {
      // A read ending calls pump() again; the timer covers the quiet, the rest and the deadline.
      this.timer = setTimeout(() => this.pump(), Math.ceil(turn - now));
      return;
    }
    this.waiting.shift();
    this.backgroundRunning = true;
    next.start();
  }
}
