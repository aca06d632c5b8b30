// The soak's traffic: one landing pageview per new visitor, at evenly spaced instants, its pathname tagged
// with the second of the run it fell due in (`/soak/<run>/<second>`) so a report can tell when each
// second's events are counted.
import { isbot } from 'isbot';
import { EXPECTED_BODY } from '../bench-ingest/latency-recorder.js';
import { HttpConnection, encodePost } from '../bench-ingest/http-connection.js';
import { TrafficModel } from '../bench-ingest/payloads.js';
import type { FreshnessTracker } from './freshness-tracker.js';

export interface TaggedLoadOptions {
  readonly baseUrl: string;
  readonly siteId: string;
  readonly runTag: string;
  readonly rate: number;
  readonly connections: number;
  readonly seed: number;
  readonly freshness: FreshnessTracker;
}

export interface LoadCounts {
  sent: number;
  acknowledged: number;
  /** Answers other than 200 {"success":true}, by status (503 is the spool's back-pressure). */
  readonly refused: Map<number, number>;
  errors: number;
  /** Sent and not answered yet. */
  inFlight: number;
  /** Due but waiting for a free connection. */
  queued: number;
}

export function soakPathname(runTag: string, second: number): string {
  return `/soak/${runTag}/${second}`;
}

/** The second of the run a soak pathname was tagged with, or undefined for other paths. */
export function secondOfPathname(runTag: string, pathname: string): number | undefined {
  const prefix = `/soak/${runTag}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const second = Number(pathname.slice(prefix.length));
  return Number.isInteger(second) ? second : undefined;
}

export class TaggedLoad {
  readonly counts: LoadCounts = { sent: 0, acknowledged: 0, refused: new Map(), errors: 0, inFlight: 0, queued: 0 };
  private readonly model: TrafficModel;
  private readonly free: HttpConnection[];
  private readonly due: number[] = [];
  private readonly url: URL;
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private scheduled = 0;
  private stopped = false;
  private idle: (() => void) | undefined;

  constructor(private readonly options: TaggedLoadOptions) {
    this.model = new TrafficModel(options.siteId, options.seed);
    this.url = new URL(options.baseUrl);
    this.free = Array.from({ length: options.connections }, () => this.connect());
  }

  /** performance.now() at which the load started. */
  get start(): number {
    return this.startedAt;
  }

  begin(): void {
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.tick(), 5);
  }

  /** Stops scheduling; resolves once every request sent has been answered (queued ones are dropped). */
  end(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.due.length = 0;
    this.counts.queued = 0;
    if (this.counts.inFlight === 0) return this.closeAll();
    return new Promise((resolve) => {
      this.idle = () => void this.closeAll().then(resolve);
    });
  }

  private closeAll(): Promise<void> {
    for (const connection of this.free) connection.close();
    return Promise.resolve();
  }

  private connect(): HttpConnection {
    return new HttpConnection(Number(this.url.port), this.url.hostname);
  }

  private tick(): void {
    const reached = Math.floor(((performance.now() - this.startedAt) * this.options.rate) / 1000) + 1;
    while (this.scheduled < reached) this.due.push(this.startedAt + (this.scheduled++ * 1000) / this.options.rate);
    this.dispatch();
  }

  private dispatch(): void {
    while (!this.stopped && this.due.length > 0 && this.free.length > 0) {
      const dueAt = this.due.shift() ?? 0;
      const connection = this.free.pop();
      if (connection) this.send(connection, Math.floor((dueAt - this.startedAt) / 1000));
    }
    this.counts.queued = this.due.length;
  }

  /** The bench's traffic includes a few crawlers; freshness counts what the reports show, which bots are not. */
  private humanVisitor(): ReturnType<TrafficModel['newVisitor']> {
    for (;;) {
      const visitor = this.model.newVisitor();
      if (!isbot(visitor.browser.ua)) return visitor;
    }
  }

  private send(connection: HttpConnection, second: number): void {
    const visitor = this.humanVisitor();
    const payload = { ...this.model.nextPayload(visitor), pathname: soakPathname(this.options.runTag, second) };
    const { freshness } = this.options;
    freshness.sent(second);
    this.counts.sent += 1;
    this.counts.inFlight += 1;
    connection.request(encodePost(this.url.host, '/api/track', visitor.headers, JSON.stringify(payload))).then(
      (response) => {
        const ok = response.status === 200 && response.body === EXPECTED_BODY;
        freshness.answered(second, ok, performance.now());
        if (ok) this.counts.acknowledged += 1;
        else this.counts.refused.set(response.status, (this.counts.refused.get(response.status) ?? 0) + 1);
        this.free.push(connection);
      },
      () => {
        freshness.answered(second, false, performance.now());
        this.counts.errors += 1;
        connection.close();
        this.free.push(this.connect());
      },
    ).finally(() => {
      this.counts.inFlight -= 1;
      if (this.stopped && this.counts.inFlight === 0) this.idle?.();
      else this.dispatch();
    });
  }
}
