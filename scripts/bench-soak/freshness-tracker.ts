// Freshness: for each second of the run, the acknowledgement time of each of its events, and once a report
// counts all of them, the delay from each acknowledgement to that moment.
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

interface TaggedSecond {
  /** Acknowledgement instants (performance.now(), ms) of this second's events. */
  readonly acks: number[];
  /** Requests sent with this second's tag and not answered yet. */
  inFlight: number;
}

export interface FreshnessSummary {
  /** Events whose counting was observed. */
  readonly measured: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Acknowledged events never seen counted (still pending when the run ended). */
  readonly neverCounted: number;
}

export class FreshnessTracker {
  private readonly seconds = new Map<number, TaggedSecond>();
  private readonly histogram: RecordableHistogram = createHistogram({ lowest: 1, highest: 3_600_000_000, figures: 3 });
  private measured = 0;
  private countedEvents = 0;
  private maxMs = 0;

  /** A request tagged with `second` is about to be sent. */
  sent(second: number): void {
    const entry = this.seconds.get(second) ?? { acks: [], inFlight: 0 };
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
   * A report answered at `at` with `counted` events for each second. A second is done once every request
   * of it has been answered and the report counts at least its acknowledged events.
   */
  observe(counted: ReadonlyMap<number, number>, at: number): void {
    for (const [second, entry] of this.seconds) {
      if (entry.inFlight > 0 || (counted.get(second) ?? 0) < entry.acks.length) continue;
      for (const ack of entry.acks) {
        const delayMs = Math.max(0, at - ack);
        this.histogram.record(Math.max(1, Math.round(delayMs * 1000)));
        if (delayMs > this.maxMs) this.maxMs = delayMs;
      }
      this.measured += entry.acks.length;
      this.countedEvents += entry.acks.length;
      this.seconds.delete(second);
    }
  }

  /** Acknowledged events not counted yet. */
  backlog(): number {
    let total = 0;
    for (const entry of this.seconds.values()) total += entry.acks.length;
    return total;
  }

  summary(): FreshnessSummary {
    const percentile = (p: number): number => (this.measured === 0 ? 0 : this.histogram.percentile(p) / 1000);
    return { measured: this.measured, p50Ms: percentile(50), p99Ms: percentile(99), maxMs: this.maxMs, neverCounted: this.backlog() };
  }
}
