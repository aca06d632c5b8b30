// Turns one spooled intake segment into JSONEachRow text for events and bot_events.
import type { AnalyticsRow } from '../../platform/analytics-store/analytics-store.js';
import { buildBotRow, buildEventRow, compactJsonLine } from '../build-rows.js';
import { runSteps, type Step } from '../pipeline.js';
import type { EnrichContext } from './enrich-context.js';
import { parseIntakeLine } from './intake-record.js';

export interface EnrichedBatch {
  /** JSONEachRow text of the human events ('' when none). */
  readonly events: string;
  /** JSONEachRow text of the bot events ('' when none). */
  readonly botEvents: string;
  readonly humans: number;
  readonly bots: number;
  /** Lines that were not intake records (a damaged file), skipped so they cannot block the segment. */
  readonly skipped: number;
  /** The human rows of the sites in `watchedSites` (sites with webhooks), for the triggers. */
  readonly watched: AnalyticsRow[];
}

export type BatchEnricher = (segment: string, watchedSites: ReadonlySet<number>) => Promise<EnrichedBatch>;

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
      events: events.length > 0 ? events.join('\n') + '\n' : '',
      botEvents: botEvents.length > 0 ? botEvents.join('\n') + '\n' : '',
      humans: events.length,
      bots: botEvents.length,
      skipped,
      watched,
    };
  };
}
