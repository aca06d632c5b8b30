// One autocannon phase against POST /api/track: closed loop (as fast as the server answers) or with
// autocannon's overallRate; every request is built by the traffic model, every response checked.
import autocannon from 'autocannon';
import { LatencyRecorder, type PhaseResult } from './latency-recorder.js';
import { MAX_VISIT_EVENTS, type TrackRequestParts } from './payloads.js';

export interface LoadOptions {
  readonly label: string;
  readonly baseUrl: string;
  readonly durationSeconds: number;
  readonly connections: number;
  /** Requests per second across all connections (autocannon overallRate); omitted = as fast as possible. */
  readonly overallRate?: number;
  /** The next request of the visit identified by the object; undefined once that visit is over. */
  readonly nextRequest: (visit: object) => TrackRequestParts | undefined;
}

export function runLoad(options: LoadOptions): Promise<PhaseResult> {
  const recorder = new LatencyRecorder();
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSeconds,
        timeout: 10,
        // Latency comes from our own histogram (each response time as measured), not autocannon's, whose
        // coordinated-omission correction assumes a 1 ms interval between requests.
        ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate, ignoreCoordinatedOmission: true }),
        // Counted per write, so the requests cut in flight when the phase ends are known exactly.
        setupClient: (client) => client.on('request', () => recorder.sent()),
        // autocannon keeps one context object per connection for a pass over this list and starts a fresh
        // one when a setupRequest answers null: one pass is one visit.
        requests: Array.from({ length: MAX_VISIT_EVENTS }, () => ({
          method: 'POST',
          path: '/api/track',
          setupRequest: (request: autocannon.RequestParams, context: object) => {
            const next = options.nextRequest(context);
            // autocannon writes Content-Length into the headers it is given: hand it a copy.
            return next === undefined ? null : { ...request, headers: { ...next.headers }, body: next.body };
          },
          onResponse: (status: number, body: string) => recorder.outcome(status, body),
        })),
      },
      (error) => {
        if (error) {
          reject(error);
          return;
        }
        const seconds = (performance.now() - startedAt) / 1000;
        resolve(recorder.result(options.label, seconds, options.overallRate));
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) => recorder.latency(responseTimeMs));
    instance.on('reqError', (error: Error) => recorder.error(error.message));
  });
}
