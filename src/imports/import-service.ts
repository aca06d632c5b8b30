// Imports of a site: start one, list them, store a batch of rows (all or nothing), delete one with its rows.
import { randomUUID } from 'node:crypto';
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';
import { wellFormedRow } from '../ingestion/build-rows.js';
import { BadRequestError, NotFoundError } from '../platform/http/app-errors.js';
import { batchProblemsError, type IndexedProblem } from './batch-problems.js';
import type { ImportPlatform } from './import-platforms.js';
import type { ImportRecord, ImportRepository, SkipCounts } from './import.repository.js';
import type { ImportedRowsStore } from './imported-rows.store.js';
import type { MappedRow, SkipReason } from './mapped-row.js';
import { ROW_MAPPERS } from './row-mappers.js';

export interface StartedImport {
  readonly importId: string;
  readonly allowedDateRange: { readonly earliestAllowedDate: string; readonly latestAllowedDate: string };
}

export interface BatchOutcome {
  readonly importedEvents: number;
  readonly skippedEvents: number;
  readonly skipped: SkipCounts;
}

/** Self-hosted imports have no plan window: any day from the Unix epoch to today (UTC) is accepted. */
const EARLIEST_DATE = '1970-01-01';

type Stored = Extract<MappedRow, { kind: 'event' | 'aggregate' }>;

function count(skipped: SkipCounts, reason: SkipReason, n = 1): void {
  if (n > 0) skipped[reason] = (skipped[reason] ?? 0) + n;
}

export class ImportService {
  /** Batches of one import run one after the other, so a row sent twice at once is stored once. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly imports: ImportRepository,
    private readonly rows: ImportedRowsStore,
    private readonly clock: () => number,
  ) {}

  async start(siteId: number, platform: ImportPlatform): Promise<StartedImport> {
    const importId = randomUUID();
    const now = new Date(this.clock()).toISOString();
    await this.imports.create({ importId, siteId, platform, startedAt: now });
    return { importId, allowedDateRange: { earliestAllowedDate: EARLIEST_DATE, latestAllowedDate: now.slice(0, 10) } };
  }

  list(siteId: number): Promise<ImportRecord[]> {
    return this.imports.listForSite(siteId);
  }

  /** The site's import, or a 404 (an import of another site is not found either). */
  async find(siteId: number, importId: string): Promise<ImportRecord> {
    const record = await this.imports.get(importId);
    if (!record || record.siteId !== siteId) throw new NotFoundError('Import not found');
    return record;
  }

  addBatch(siteId: number, importId: string, events: readonly unknown[], isLastBatch: boolean): Promise<BatchOutcome> {
    const previous = this.queues.get(importId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.storeBatch(siteId, importId, events, isLastBatch));
    this.queues.set(importId, next);
    const forget = () => {
      if (this.queues.get(importId) === next) this.queues.delete(importId);
    };
    next.then(forget, forget);
    return next;
  }

  private async storeBatch(siteId: number, importId: string, events: readonly unknown[], isLastBatch: boolean): Promise<BatchOutcome> {
    const record = await this.find(siteId, importId);
    if (record.completedAt !== null) {
      // The answer to a final batch can be lost: its retry succeeds without storing anything again.
      if (isLastBatch) return { importedEvents: 0, skippedEvents: 0, skipped: {} };
      throw new BadRequestError('Import is already complete');
    }
    const mapper = ROW_MAPPERS[record.platform];
    const context = { siteId, importId };
    const now = this.clock();
    const skipped: SkipCounts = {};
    const problems: IndexedProblem[] = [];
    let badRows = 0;
    const stored: Stored[] = [];
    events.forEach((raw, index) => {
      const mapped = mapper(raw, context);
      if (mapped.kind === 'invalid') {
        badRows++;
        for (const problem of mapped.problems) problems.push({ index, ...problem });
      } else if (mapped.kind === 'skip') count(skipped, mapped.reason);
      else if (mapped.at > now) count(skipped, 'future_timestamp');
      else stored.push(mapped);
    });
    if (badRows > 0) throw batchProblemsError(problems, badRows);
    const fresh = await this.freshRows(siteId, stored, skipped);
    await this.rows.insert('events', importId, fresh.events.ids, fresh.events.rows);
    await this.rows.insert('imported_aggregates', importId, fresh.aggregates.ids, fresh.aggregates.rows);
    const imported = fresh.events.rows.length + fresh.aggregates.rows.length;
    await this.imports.recordBatch(importId, { imported, skipped }, isLastBatch ? new Date(this.clock()).toISOString() : undefined);
    const skippedEvents = Object.values(skipped).reduce((sum, n) => sum + n, 0);
    return { importedEvents: imported, skippedEvents, skipped };
  }

  /** The rows not stored yet (not earlier in the batch, not by any import of the site); the others count as already imported. */
  private async freshRows(siteId: number, stored: readonly Stored[], skipped: SkipCounts) {
    const events = { ids: [] as string[], rows: [] as AnalyticsRow[] };
    const aggregates = { ids: [] as string[], rows: [] as AnalyticsRow[] };
    const eventRows = stored.filter((row): row is Extract<Stored, { kind: 'event' }> => row.kind === 'event');
    const aggregateRows = stored.filter((row): row is Extract<Stored, { kind: 'aggregate' }> => row.kind === 'aggregate');
    const span = { from: Number.POSITIVE_INFINITY, to: Number.NEGATIVE_INFINITY };
    for (const row of eventRows) {
      span.from = Math.min(span.from, row.at);
      span.to = Math.max(span.to, row.at);
    }
    const [storedIds, storedKeys] = await Promise.all([
      this.rows.storedEventIds(siteId, eventRows.map((row) => row.eventId), span),
      this.rows.storedAggregateKeys(siteId, aggregateRows.map((row) => row.key)),
    ]);
    for (const row of eventRows) {
      if (storedIds.has(row.eventId)) count(skipped, 'already_imported');
      else {
        storedIds.add(row.eventId);
        events.ids.push(row.eventId);
        // A JSON row may hold a lone UTF-16 surrogate, which the store refuses (and with it the batch): U+FFFD instead.
        events.rows.push(wellFormedRow(row.row));
      }
    }
    for (const row of aggregateRows) {
      if (storedKeys.has(row.key)) count(skipped, 'already_imported');
      else {
        storedKeys.add(row.key);
        aggregates.ids.push(row.key);
        aggregates.rows.push(wellFormedRow(row.row));
      }
    }
    return { events, aggregates };
  }

  /** Deletes the import's rows, then the import; a failed import's client calls it too, so a running import may be deleted. */
  async remove(siteId: number, importId: string): Promise<void> {
    await this.find(siteId, importId);
    await this.rows.deleteImport(siteId, importId);
    await this.imports.delete(importId);
  }
}
