// Turns one spooled replay segment into JSONEachRow text for session_replay_batches and session_replay_metadata:
// each batch's visitor parsed and located as events are, and put in the visitor's session (the same session
// store as events, so a recording joins the session its pageviews opened). Batches the bot layers refuse are dropped.
import { compactJsonLine, wellFormedRow } from '../../platform/analytics-store/row-lines.js';
import type { EnrichContext } from '../enrichment/enrich-context.js';
import { TextLinesBuffer } from '../enrichment/text-lines-buffer.js';
import { asBuffer } from '../enrichment/owned-bytes.js';
import { segmentLines } from '../enrichment/segment-lines.js';
import type { IntakeRecord } from '../intake-record.js';
import { runSteps, type Step } from '../pipeline.js';
import { parseReplayLine, type ReplayRecord } from './replay-record.js';
import { buildReplayRows } from './replay-rows.js';

export interface EnrichedReplay {
  /** JSONEachRow of session_replay_batches, UTF-8; owns its buffer, so it can be transferred. */
  readonly batches: Uint8Array<ArrayBuffer>;
  readonly metadata: Uint8Array<ArrayBuffer>;
  readonly stored: number;
  readonly bots: number;
  readonly skipped: number;
  /** Batches whose events all fell after the session's recording limit (MAX_RECORDING_MS). */
  readonly overLimit: number;
}

export type ReplayEnricher = (segment: Uint8Array) => Promise<EnrichedReplay>;

/** The batch as the enrichment steps read a spooled call: its visitor, address, agent, screen and language. */
function asIntakeRecord(record: ReplayRecord): IntakeRecord {
  return {
    site_id: record.site_id,
    at: record.at,
    event_id: record.batch_id,
    user_id: record.user_id,
    detect_bots: record.detect_bots,
    ip: record.ip,
    user_agent: record.user_agent,
    headers: record.headers,
    payload: {
      site_id: String(record.site_id),
      type: 'pageview',
      ...(record.identified_user_id ? { user_id: record.identified_user_id } : {}),
      ...(record.language ? { language: record.language } : {}),
      ...(record.screen_width > 0 && record.screen_height > 0 ? { screenWidth: record.screen_width, screenHeight: record.screen_height } : {}),
    },
  };
}

export function createReplayEnricher(steps: readonly Step<EnrichContext>[]): ReplayEnricher {
  return async (segment) => {
    const batches = new TextLinesBuffer();
    const metadata = new TextLinesBuffer();
    let bots = 0;
    let skipped = 0;
    let overLimit = 0;
    for (const line of segmentLines(asBuffer(segment))) {
      const record = parseReplayLine(line);
      if (record === null) {
        skipped += 1;
        continue;
      }
      const context: EnrichContext = { record: asIntakeRecord(record) };
      const result = await runSteps(steps, context);
      if (result.kind === 'drop') {
        if (result.reason === 'bot') bots += 1;
        else skipped += 1;
        continue;
      }
      const rows = buildReplayRows(record, context);
      if (rows === null) {
        overLimit += 1;
        continue;
      }
      batches.push(compactJsonLine(wellFormedRow(rows.batch)));
      metadata.push(compactJsonLine(wellFormedRow(rows.metadata)));
    }
    return { batches: batches.finish(), metadata: metadata.finish(), stored: batches.count, bots, skipped, overLimit };
  };
}
