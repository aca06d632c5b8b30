// The request-time half of tracking: run the checks that decide the answer, then spool the accepted call
// durably and acknowledge it. Enrichment (user agent, geo, bots, channel, session) happens at enrichment.
import { randomUUID } from 'node:crypto';
import type { DailySalts } from '../daily-salts.js';
import { visitorId } from './visitor-id.js';
import type { EventSink } from '../event-buffer/event-buffer.js';
import { botHeadersOf, intakeLine, type IntakeFields } from '../intake-record.js';
import { PipelineCounters, runSteps, type Step } from '../pipeline.js';
import { dropOutcome, type TrackOutcome } from './track-outcome.js';
import { siteOf, type TrackContext, type TrackRequest } from './track-context.js';
import type { TrackPayload } from '../track.schema.js';

export interface IngestionServiceDeps {
  /** The request-time steps: site, key, origin, client, exclusions. */
  readonly steps: readonly Step<TrackContext>[];
  readonly intake: EventSink;
  readonly salts: DailySalts;
  readonly clock: () => number;
}

const ACCEPTED: TrackOutcome = { status: 200, body: { success: true } };
const NO_HEADERS = Object.freeze({});

export class IngestionService {
  readonly counters = new PipelineCounters();

  constructor(private readonly deps: IngestionServiceDeps) {}

  async track(payload: TrackPayload, request: TrackRequest): Promise<TrackOutcome> {
    const context: TrackContext = { payload, request, nowMs: this.deps.clock(), trusted: false, ip: '', userAgent: '' };
    const result = await runSteps(this.deps.steps, context);
    this.counters.record(result);
    if (result.kind === 'drop') return dropOutcome(result);
    await this.deps.intake.appendJson(intakeLine(await this.intakeFields(context), context.payload, context.request.body));
    return ACCEPTED;
  }

  private async intakeFields(context: TrackContext): Promise<IntakeFields> {
    const site = siteOf(context);
    const { payload } = context;
    const anonymousId = payload.anonymous_id;
    const salt = site.saltUserIds && !anonymousId ? await this.deps.salts.saltFor(context.nowMs) : undefined;
    const detectBots = !context.trusted && context.keyed !== true && site.blockBots;
    return {
      site_id: site.siteId,
      at: context.nowMs,
      event_id: randomUUID(),
      user_id: visitorId({ ip: context.ip, userAgent: context.userAgent, siteId: site.siteId, ...(anonymousId ? { anonymousId } : {}), ...(salt ? { salt } : {}) }),
      detect_bots: detectBots,
      ip: context.ip,
      user_agent: context.userAgent,
      headers: detectBots ? botHeadersOf(context.request.headers) : NO_HEADERS,
    };
  }
}
