// An open-loop phase at a steady rate: requests fall due at evenly spaced instants (not in per-second bursts
// as autocannon's overallRate sends them) and wait for a free connection; latency counts from the due
// instant, so a server that falls behind shows its queue.
import { HttpConnection, encodePost } from './http-connection.js';
import { LatencyRecorder, type PhaseResult } from './latency-recorder.js';
import type { TrackRequestParts } from './payloads.js';

export interface PacedLoadOptions {
  readonly label: string;
  readonly baseUrl: string;
  readonly durationSeconds: number;
  readonly connections: number;
  readonly rate: number;
  readonly nextRequest: (visit: object) => TrackRequestParts | undefined;
}

/** Hands out each request of a phase: visits are spread over as many slots as there are connections. */
function visitRotation(options: PacedLoadOptions): () => TrackRequestParts {
  const visits: object[] = Array.from({ length: options.connections }, () => ({}));
  let sequence = 0;
  return () => {
    const slot = sequence % visits.length;
    sequence += 1;
    const parts = options.nextRequest(visits[slot] ?? {});
    if (parts !== undefined) return parts;
    const fresh = {};
    visits[slot] = fresh;
    const first = options.nextRequest(fresh);
    if (first === undefined) throw new Error('a new visit produced no event');
    return first;
  };
}

export async function runPacedLoad(options: PacedLoadOptions): Promise<PhaseResult> {
  const url = new URL(options.baseUrl);
  const port = Number(url.port);
  const recorder = new LatencyRecorder();
  const nextParts = visitRotation(options);
  const free: HttpConnection[] = Array.from({ length: options.connections }, () => new HttpConnection(port, url.hostname));
  const due: number[] = [];
  const intervalMs = 1000 / options.rate;
  const total = Math.ceil((options.durationSeconds * 1000) / intervalMs);
  let scheduled = 0;
  let answered = 0;

  return new Promise((resolve) => {
    const startedAt = performance.now();
    const finish = (): void => {
      for (const connection of free) connection.close();
      resolve(recorder.result(options.label, (performance.now() - startedAt) / 1000, options.rate));
    };
    const dispatch = (): void => {
      while (due.length > 0 && free.length > 0) {
        const dueAt = due.shift() ?? 0;
        const connection = free.pop();
        if (!connection) break;
        const { headers, body } = nextParts();
        recorder.sent();
        connection.request(encodePost(url.host, '/api/track', headers, body)).then(
          (response) => {
            recorder.latency(performance.now() - dueAt);
            recorder.outcome(response.status, response.body);
            free.push(connection);
          },
          (error: unknown) => {
            recorder.error(error instanceof Error ? error.message : String(error));
            connection.close();
            free.push(new HttpConnection(port, url.hostname));
          },
        ).finally(() => {
          answered += 1;
          if (answered === total) finish();
          else dispatch();
        });
      }
    };
    const tick = (): void => {
      const reached = Math.min(total, Math.floor((performance.now() - startedAt) / intervalMs) + 1);
      while (scheduled < reached) due.push(startedAt + scheduled++ * intervalMs);
      dispatch();
      if (scheduled < total) setTimeout(tick, 1);
    };
    tick();
  });
}
