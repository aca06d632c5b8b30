// Freshness: for each second of the run, the acknowledgement time of each of its events, and the delay from each
// acknowledgement to the first report that counts it.
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

interface TaggedSecond {
  /** Acknowledgement instants (performance.now(), ms) of this second's events. */
  readonly acks: number[];
  /** Requests sent with this second's tag and not answered yet. */
  inFlight: number;
  /** How many of `acks`, the earliest, a report has counted (and their delays recorded). */
  counted: number;
}

export interface FreshnessSummary {
  /** Events whose counting was observed. */
  readonly measured: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Acknowledged events never seen counted (still pending when the run ended). */
  readonly neverCounted: number;
  /**
   * The p99 when every event of a second waits for the last of them (the measure before decision 0076): a
   * second split between two spool segments charges its events of the first one with the second one's delay.
   */
  readonly wholeSecondP99Ms: number;
}

/** Records a delay (ms, at least 0) in µs, the histogram's unit; returns the delay recorded. */
function record(histogram: RecordableHistogram, delayMs: number): number {
  const delay = Math.max(0, delayMs);
  histogram.record(Math.max(1, Math.round(delay * 1000)));
  return delay;
}

/**
 * A report counting k of a second's events counts its k earliest acknowledged ones: the server acknowledges a
 * call once it is in the spool, whose segments reach the store in the order the calls were written, so an event
 * acknowledged later than another of its second is not counted before it (up to the few milliseconds between the
 * spool's write and the answer reaching the client, at a segment's edge).
 */
export class FreshnessTracker {
  private readonly seconds = new Map<number, TaggedSecond>();
  private readonly histogram: RecordableHistogram = createHistogram({ lowest: 1, highest: 3_600_000_000, figures: 3 });
  private readonly wholeSeconds: RecordableHistogram = createHistogram({ lowest: 1, highest: 3_600_000_000, figures: 3 });
  private maxMs = 0;

  /** A request tagged with `second` is about to be sent. */
  sent(second: number): void {
    const entry = this.seconds.get(second) ?? { acks: [], inFlight: 0, counted: 0 };
    entry.inFlight += 1;
    this.seconds.set(second, entry);
  }

  /** Its answer came back: `acknowledged` when the server accepted it (then it must be counted). */
  answered(second: number, acknowledged: boolean, at: number): void {
    const entry = this.seconds.get(second);
    if (entry === undefined) return;
    entry.inFlight -= 1;
    if (acknowledged) entry.acks.push(at);
  }

  /** Seconds still waiting to be counted, oldest first. */
  pendingSeconds(): number[] {
    return [...this.seconds.keys()].sort((a, b) => a - b);
  }

  /**
   * A report answered at `at` with `counted` events for each second: each event it counts for the first time is
   * measured. A second is done once every request of it has been answered and the report counts all its
   * acknowledged events.
   */
  observe(counted: ReadonlyMap<number, number>, at: number): void {
    for (const [second, entry] of this.seconds) {
      const now = Math.min(counted.get(second) ?? 0, entry.acks.length);
      for (const ack of entry.acks.slice(entry.counted, now)) this.maxMs = Math.max(this.maxMs, record(this.histogram, at - ack));
      entry.counted = Math.max(entry.counted, now);
      if (entry.inFlight > 0 || entry.counted < entry.acks.length) continue;
      for (const ack of entry.acks) record(this.wholeSeconds, at - ack);
      this.seconds.delete(second);
    }
  }

  /** Acknowledged events not counted yet. */
  backlog(): number {
    let total = 0;
    for (const entry of this.seconds.values()) total += entry.acks.length - entry.counted;
    return total;
  }

  summary(): FreshnessSummary {
    const percentile = (histogram: RecordableHistogram, p: number): number => (histogram.count === 0 ? 0 : histogram.percentile(p) / 1000);
    return {
      // Every event measured is one record of the per-event histogram.
      measured: this.histogram.count,
      p50Ms: percentile(this.histogram, 50),
      p99Ms: percentile(this.histogram, 99),
      maxMs: this.maxMs,
      neverCounted: this.backlog(),
      wholeSecondP99Ms: percentile(this.wholeSeconds, 99),
    };
  }
}
