// The request-time half of tracking: run the checks that decide the answer, then spool the accepted call
// durably and acknowledge it. Enrichment (user agent, geo, bots, channel, session) happens at enrichment.
import { randomUUID } from 'node:crypto';
import type { DailySalts } from '../daily-salts.js';
import { visitorId } from './visitor-id.js';
import type { EventSink } from '../event-buffer/event-buffer.js';
import { botHeadersOf, intakeLine, type IntakeFields } from '../intake-record.js';
import { PipelineCounters, runSteps, type Step, type StepResult } from '../pipeline.js';
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

  /** Few promises on the way: the checks usually answer synchronously, and the salt is asked for only when the site salts ids. */
  track(payload: TrackPayload, request: TrackRequest): Promise<TrackOutcome> {
    const context: TrackContext = { payload, request, nowMs: this.deps.clock(), trusted: false, ip: '', userAgent: '' };
    const result = runSteps(this.deps.steps, context);
    return result instanceof Promise ? result.then((settled) => this.accept(context, settled)) : this.accept(context, result);
  }

  private accept(context: TrackContext, result: StepResult): Promise<TrackOutcome> {
    this.counters.record(result);
    if (result.kind === 'drop') return Promise.resolve(dropOutcome(result));
    const site = siteOf(context);
    if (site.saltUserIds && !context.payload.anonymous_id) {
      return this.deps.salts.saltFor(context.nowMs).then((salt) => this.spool(context, salt));
    }
    return this.spool(context, undefined);
  }

  private spool(context: TrackContext, salt: string | undefined): Promise<TrackOutcome> {
    return this.deps.intake.appendJson(intakeLine(this.intakeFields(context, salt), context.payload, context.request.body)).then(() => ACCEPTED);
  }

  private intakeFields(context: TrackContext, salt: string | undefined): IntakeFields {
    const site = siteOf(context);
    const { payload } = context;
    const anonymousId = payload.anonymous_id;
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
