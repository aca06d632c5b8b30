// Turns one spooled intake segment into JSONEachRow text for events and bot_events.
import type { AnalyticsRow } from '../../platform/analytics-store/analytics-store.js';
import { buildBotRow, buildEventRow, compactJsonLine } from '../build-rows.js';
import { runSteps, type Step } from '../pipeline.js';
import type { EnrichContext } from './enrich-context.js';
import { parseIntakeLine } from './intake-record.js';
import { ownedBytes } from './owned-bytes.js';

export interface EnrichedBatch {
  /** JSONEachRow of the human events, UTF-8 (empty when none); owns its buffer, so it can be transferred. */
  readonly events: Uint8Array<ArrayBuffer>;
  /** JSONEachRow of the bot events, the same way. */
  readonly botEvents: Uint8Array<ArrayBuffer>;
  readonly humans: number;
  readonly bots: number;
  /** Lines that were not intake records (a damaged file), skipped so they cannot block the segment. */
  readonly skipped: number;
  /** The human rows of the sites in `watchedSites` (sites with webhooks), for the triggers. */
  readonly watched: AnalyticsRow[];
}

export type BatchEnricher = (segment: string, watchedSites: ReadonlySet<number>) => Promise<EnrichedBatch>;

/** Encoded where the rows are built (the enrichment thread), so the event loop receives bytes ready to insert. */
function jsonEachRow(lines: readonly string[]): Uint8Array<ArrayBuffer> {
  return ownedBytes(lines.length > 0 ? Buffer.from(lines.join('\n') + '\n') : new Uint8Array(0));
}

export function createBatchEnricher(steps: readonly Step<EnrichContext>[]): BatchEnricher {
  return async (segment, watchedSites) => {
    const events: string[] = [];
    const botEvents: string[] = [];
    const watched: AnalyticsRow[] = [];
    let skipped = 0;
    for (const line of segment.split('\n')) {
      if (line === '') continue;
      const record = parseIntakeLine(line);
      if (record === null) {
        skipped += 1;
        continue;
      }
      const context: EnrichContext = { record };
      const result = await runSteps(steps, context);
      if (result.kind === 'ok') {
        const row = buildEventRow(context);
        events.push(compactJsonLine(row));
        if (watchedSites.has(record.site_id)) watched.push(row);
      } else if (result.reason === 'bot') {
        botEvents.push(compactJsonLine(buildBotRow(context)));
      } else {
        skipped += 1;
      }
    }
    return {
      events: jsonEachRow(events),
      botEvents: jsonEachRow(botEvents),
      humans: events.length,
      bots: botEvents.length,
      skipped,
      watched,
    };
  };
}
