// Collects what one load phase observed: latency percentiles (microsecond precision), status codes,
// unexpected bodies and transport errors, and turns them into a phase result.
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export const EXPECTED_BODY = '{"success":true}';
const MAX_SAMPLES = 5;

export interface PhaseResult {
  readonly label: string;
  readonly durationSeconds: number;
  /** Requests written to the server. */
  readonly sent: number;
  /** Responses of any status. */
  readonly responses: number;
  /** 2xx responses whose body was exactly {"success":true}: events the server acknowledged. */
  readonly acknowledged: number;
  readonly statusCounts: Readonly<Record<string, number>>;
  /** 2xx responses with another body. */
  readonly mismatches: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** A few non-2xx or unexpected bodies, for the report. */
  readonly samples: readonly string[];
  readonly eventsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Requests per second asked for, when the phase was rate-limited. */
  readonly targetRate?: number;
}

export class LatencyRecorder {
  private readonly histogram: RecordableHistogram = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
  private readonly statuses = new Map<number, number>();
  private readonly samples: string[] = [];
  private sentCount = 0;
  private acknowledged = 0;
  private mismatches = 0;
  private errors = 0;

  /** A request was written to the server. */
  sent(): void {
    this.sentCount += 1;
  }

  /** From when the request was due (paced) or written (closed loop) to its complete response. */
  latency(latencyMs: number): void {
    this.histogram.record(Math.max(1, Math.round(latencyMs * 1000)));
  }

  /** One response: a 2xx with exactly {"success":true} is an acknowledged event. */
  outcome(status: number, body: string): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const success = status >= 200 && status < 300;
    if (success && body === EXPECTED_BODY) {
      this.acknowledged += 1;
      return;
    }
    if (success) this.mismatches += 1;
    if (this.samples.length < MAX_SAMPLES) this.samples.push(`${status} ${body}`.slice(0, 300));
  }

  error(message: string): void {
    this.errors += 1;
    if (this.samples.length < MAX_SAMPLES) this.samples.push(`error ${message}`.slice(0, 300));
  }

  result(label: string, durationSeconds: number, targetRate?: number): PhaseResult {
    const responses = [...this.statuses.values()].reduce((sum, count) => sum + count, 0);
    const toMs = (micros: number): number => (responses === 0 ? 0 : micros / 1000);
    return {
      label,
      durationSeconds,
      sent: this.sentCount,
      responses,
      acknowledged: this.acknowledged,
      statusCounts: Object.fromEntries([...this.statuses].map(([status, count]) => [String(status), count])),
      mismatches: this.mismatches,
      errors: this.errors,
      samples: [...this.samples],
      eventsPerSecond: durationSeconds > 0 ? this.acknowledged / durationSeconds : 0,
      p50Ms: toMs(this.histogram.percentile(50)),
      p99Ms: toMs(this.histogram.percentile(99)),
      maxMs: toMs(this.histogram.max),
      ...(targetRate === undefined ? {} : { targetRate }),
    };
  }
}
