// /api/identify: the same site, key and origin steps as tracking, then one durable user_identities row.
// The dashboard's identify and trait edits write the same row through `link`, with the caller's credentials.
import { visitorId } from './request/visitor-id.js';
import type { EventSink } from './event-buffer/event-buffer.js';
import { clickhouseTime, wellFormedRow } from '../platform/analytics-store/row-lines.js';
import { dropOutcome, type TrackOutcome } from './request/track-outcome.js';
import { runSteps, type Step } from './pipeline.js';
import { siteOf, type TrackContext, type TrackRequest } from './request/track-context.js';
import type { IdentifyPayload } from './identify.schema.js';

/** One identity row: a device (visitor id, '' for none) linked to an identified user, with the traits then current. */
export interface IdentityLink {
  readonly siteId: number;
  readonly identifiedUserId: string;
  readonly deviceId: string;
  readonly anonymousId: string;
  readonly traits: Readonly<Record<string, unknown>>;
}

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
    await this.link({
      siteId: site.siteId,
      identifiedUserId: payload.user_id,
      deviceId: visitorId({ ip: context.ip, userAgent: context.userAgent, siteId: site.siteId, ...(payload.anonymous_id ? { anonymousId: payload.anonymous_id } : {}) }),
      anonymousId: payload.anonymous_id ?? '',
      traits: payload.traits ?? {},
    }, context.nowMs);
    return { status: 200, body: { success: true } };
  }

  /** Appends one identity row to the durable spool; it reaches the store with the next flush. */
  async link(link: IdentityLink, nowMs = this.deps.clock()): Promise<void> {
    await this.deps.identities.append(wellFormedRow({
      site_id: link.siteId,
      timestamp: clickhouseTime(nowMs),
      identified_user_id: link.identifiedUserId,
      user_id: link.deviceId,
      anonymous_id: link.anonymousId,
      traits: JSON.stringify(link.traits),
    }));
  }
}
