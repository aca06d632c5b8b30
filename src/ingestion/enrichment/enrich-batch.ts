// Turns one spooled intake segment into TabSeparated text for events and bot_events (columns: row-columns.ts).
import type { AnalyticsRow } from '../../platform/analytics-store/analytics-store.js';
import { buildBotRow, buildEventRow } from '../build-rows.js';
import { tsvLine } from '../../platform/analytics-store/tsv-lines.js';
import { BOT_EVENT_COLUMNS, EVENT_COLUMNS } from '../row-columns.js';
import { runSteps, type Step } from '../pipeline.js';
import type { EnrichContext } from './enrich-context.js';
import { parseIntakeLine } from '../intake-record.js';
import { TextLinesBuffer } from './text-lines-buffer.js';
import { asBuffer } from './owned-bytes.js';
import { segmentLines } from './segment-lines.js';

export interface EnrichedBatch {
  /** TSV lines of the human events in EVENT_COLUMNS, UTF-8 (empty when none); owns its buffer, so it can be transferred. */
  readonly events: Uint8Array<ArrayBuffer>;
  /** TSV lines of the bot events in BOT_EVENT_COLUMNS, the same way. */
  readonly botEvents: Uint8Array<ArrayBuffer>;
  readonly humans: number;
  readonly bots: number;
  /** Lines that were not intake records (a damaged file), skipped so they cannot block the segment. */
  readonly skipped: number;
  /** Engagement events of visits that had ended (no session to report on), not stored. */
  readonly endedVisits: number;
  /** The human rows of the sites in `watchedSites` (sites with webhooks), for the triggers. */
  readonly watched: AnalyticsRow[];
}

/** Enriches one segment: its bytes, UTF-8 JSON lines as the intake spool wrote them. */
export type BatchEnricher = (segment: Uint8Array, watchedSites: ReadonlySet<number>) => Promise<EnrichedBatch>;

/** Room for a typical second of rows, so the events buffer rarely grows. */
const EVENTS_BUFFER_BYTES = 4 * 1024 * 1024;

export function createBatchEnricher(steps: readonly Step<EnrichContext>[]): BatchEnricher {
  return async (segment, watchedSites) => {
    // Encoded here (the enrichment thread), so the event loop receives bytes ready to insert.
    const events = new TextLinesBuffer(EVENTS_BUFFER_BYTES);
    const botEvents = new TextLinesBuffer();
    const watched: AnalyticsRow[] = [];
    let skipped = 0;
    let endedVisits = 0;
    for (const line of segmentLines(asBuffer(segment))) {
      const record = parseIntakeLine(line);
      if (record === null) {
        skipped += 1;
        continue;
      }
      const context: EnrichContext = { record };
      // Awaited only when a step answered with a promise (Redis): in process every step answers at once.
      const answer = runSteps(steps, context);
      const result = answer instanceof Promise ? await answer : answer;
      if (result.kind === 'ok') {
        const row = buildEventRow(context);
        events.push(tsvLine(row, EVENT_COLUMNS));
        if (watchedSites.has(record.site_id)) watched.push(row);
      } else if (result.reason === 'bot') {
        botEvents.push(tsvLine(buildBotRow(context), BOT_EVENT_COLUMNS));
      } else if (result.reason === 'visit_ended') {
        endedVisits += 1;
      } else {
        skipped += 1;
      }
    }
    return {
      events: events.finish(),
      botEvents: botEvents.finish(),
      humans: events.count,
      bots: botEvents.count,
      skipped,
      endedVisits,
      watched,
    };
  };
}
