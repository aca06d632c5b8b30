// /api/identify: the same site, key and origin steps as tracking, then one durable user_identities row.
import { visitorId } from './request/visitor-id.js';
import type { EventSink } from './event-buffer/event-buffer.js';
import { clickhouseTime, wellFormedRow } from './build-rows.js';
import { dropOutcome, type TrackOutcome } from './request/track-outcome.js';
import { runSteps, type Step } from './pipeline.js';
import { siteOf, type TrackContext, type TrackRequest } from './request/track-context.js';
import type { IdentifyPayload } from './identify.schema.js';

export class IdentifyService {
  constructor(
    private readonly deps: { steps: readonly Step<TrackContext>[]; identities: EventSink; clock: () => number },
  ) {}

  async identify(payload: IdentifyPayload, request: TrackRequest): Promise<TrackOutcome> {
    const context: TrackContext = {
      payload: { site_id: payload.site_id, type: 'pageview', user_id: payload.user_id, ...(payload.anonymous_id ? { anonymous_id: payload.anonymous_id } : {}) },
      request,
      nowMs: this.deps.clock(),
      trusted: false,
      ip: '',
      userAgent: '',
    };
    const result = await runSteps(this.deps.steps, context);
    if (result.kind === 'drop') return dropOutcome(result);
    const site = siteOf(context);
    await this.deps.identities.append(wellFormedRow({
      site_id: site.siteId,
      timestamp: clickhouseTime(context.nowMs),
      identified_user_id: payload.user_id,
      user_id: visitorId({ ip: context.ip, userAgent: context.userAgent, siteId: site.siteId, ...(payload.anonymous_id ? { anonymousId: payload.anonymous_id } : {}) }),
      anonymous_id: payload.anonymous_id ?? '',
      traits: JSON.stringify(payload.traits ?? {}),
    }));
    return { status: 200, body: { success: true } };
  }
}
