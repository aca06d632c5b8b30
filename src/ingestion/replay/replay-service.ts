// The request-time half of recording: the tracking call's checks (site, key, origin, client, exclusions), the
// site's replay switch, then the batch spooled durably and acknowledged. Sessions and devices come at enrichment.
import { randomUUID } from 'node:crypto';
import type { DailySalts } from '../daily-salts.js';
import type { EventSink } from '../event-buffer/event-buffer.js';
import { botHeadersOf } from '../intake-record.js';
import { PipelineCounters, runSteps, type Step } from '../pipeline.js';
import { dropOutcome, type TrackOutcome } from '../request/track-outcome.js';
import { siteOf, type TrackContext, type TrackRequest } from '../request/track-context.js';
import { visitorId } from '../request/visitor-id.js';
import type { ReplayBatch } from './replay-batch.schema.js';
import type { ReplayRecord } from './replay-record.js';

export interface ReplayServiceDeps {
  readonly steps: readonly Step<TrackContext>[];
  readonly spool: EventSink;
  readonly salts: DailySalts;
  readonly clock: () => number;
}

const ACCEPTED: TrackOutcome = { status: 200, body: { success: true } };
const REPLAY_OFF: TrackOutcome = { status: 403, body: { success: false, error: 'Session replay is not enabled for this site' } };
const NO_HEADERS = Object.freeze({});

/** The page of a batch as a path and host, for the site's path and hostname exclusions. */
function pageOf(pageUrl: string | undefined): { pathname?: string; hostname?: string } {
  if (!pageUrl) return {};
  try {
    const url = new URL(pageUrl);
    return { pathname: url.pathname, hostname: url.hostname };
  } catch {
    return pageUrl.startsWith('/') ? { pathname: pageUrl.split(/[?#]/, 1)[0] ?? '' } : {};
  }
}

export class ReplayService {
  readonly counters = new PipelineCounters();

  constructor(private readonly deps: ReplayServiceDeps) {}

  async record(site: string, batch: ReplayBatch, request: TrackRequest): Promise<TrackOutcome> {
    const payload = { site_id: site, type: 'pageview' as const, ...pageOf(batch.metadata?.pageUrl) };
    const context: TrackContext = { payload, request, nowMs: this.deps.clock(), trusted: false, ip: '', userAgent: '' };
    const result = await runSteps(this.deps.steps, context);
    this.counters.record(result);
    if (result.kind === 'drop') return dropOutcome(result);
    if (!siteOf(context).sessionReplay) return REPLAY_OFF;
    await this.deps.spool.appendJson(JSON.stringify(await this.recordOf(context, batch)));
    return ACCEPTED;
  }

  private async recordOf(context: TrackContext, batch: ReplayBatch): Promise<ReplayRecord> {
    const site = siteOf(context);
    const salt = site.saltUserIds ? await this.deps.salts.saltFor(context.nowMs) : undefined;
    const detectBots = !context.trusted && context.keyed !== true && site.blockBots;
    const referrer = context.request.headers.referer;
    return {
      site_id: site.siteId,
      at: context.nowMs,
      user_id: visitorId({ ip: context.ip, userAgent: context.userAgent, siteId: site.siteId, ...(salt ? { salt } : {}) }),
      identified_user_id: batch.userId.trim(),
      detect_bots: detectBots,
      ip: context.ip,
      user_agent: context.userAgent,
      headers: detectBots ? botHeadersOf(context.request.headers) : NO_HEADERS,
      retention_days: site.replayRetentionDays,
      batch_id: batch.batchId ?? `${context.nowMs}-${randomUUID()}`,
      sequence: batch.sequence ?? 0,
      page_url: batch.metadata?.pageUrl ?? '',
      referrer: typeof referrer === 'string' ? referrer.slice(0, 2048) : '',
      language: batch.metadata?.language ?? '',
      screen_width: batch.metadata?.viewportWidth ?? 0,
      screen_height: batch.metadata?.viewportHeight ?? 0,
      events: batch.events,
    };
  }
}
