// Runs the tracking pipeline for one event and writes the outcome to the right durable buffer.
import type { EventSink } from './event-buffer/event-buffer.js';
import { buildBotRow, buildEventRow } from './build-rows.js';
import { PipelineCounters, runSteps, type Step } from './pipeline.js';
import { dropOutcome, type TrackOutcome } from './track-outcome.js';
import type { TrackContext, TrackRequest } from './track-context.js';
import type { TrackPayload } from './track.schema.js';

/** Called with every stored human event (webhook triggers listen here). */
export type StoredEventListener = (row: Readonly<Record<string, unknown>>) => Promise<void>;

export interface IngestionServiceDeps {
  readonly steps: readonly Step<TrackContext>[];
  readonly events: EventSink;
  readonly botEvents: EventSink;
  readonly clock: () => number;
  readonly onStored?: StoredEventListener;
}

export class IngestionService {
  readonly counters = new PipelineCounters();

  constructor(private readonly deps: IngestionServiceDeps) {}

  async track(payload: TrackPayload, request: TrackRequest): Promise<TrackOutcome> {
    const context: TrackContext = { payload, request, nowMs: this.deps.clock(), trusted: false, ip: '', userAgent: '' };
    const result = await runSteps(this.deps.steps, context);
    this.counters.record(result);
    if (result.kind === 'ok') {
      const row = buildEventRow(context);
      await this.deps.events.append(row);
      // Webhook deliveries are persisted before the event is acknowledged.
      await this.deps.onStored?.(row);
      return { status: 200, body: { success: true } };
    }
    if (result.reason === 'bot') {
      await this.deps.botEvents.append(buildBotRow(context));
      return { status: 200, body: { success: true } };
    }
    return dropOutcome(result);
  }
}
