// Imports of a site: start one, list them, store a batch of rows (all or nothing), delete one with its rows.
// A batch post is parsed and mapped on the import mapping thread (which reads uploaded files too); its rows are written in bounded slices,
// each after tracking's own inserts have caught up; an organization has at most `organizationConcurrency`
// batches at work at once and `dailyRowQuota` rows a day.
import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { BadRequestError, NotFoundError, RateLimitError } from '../platform/http/app-errors.js';
import { isBodyProblem, type BodyProblem } from './batch-body.js';
import type { FileToRead } from './file-batches.js';
import { batchProblemsError } from './batch-problems.js';
import type { ImportPlatform } from './import-platforms.js';
import type { ImportRecord, ImportRepository, SkipCounts } from './import.repository.js';
import type { ImportedRowsRepository } from './imported-rows.repository.js';
import { countSkip, linesAt, mapBatch, type MappedBatch, type PackedLines } from './map-batch.js';
import { inlineImportMapper, type ImportMapper } from './mapping/import-mapper.js';
import type { ReadBatch } from './mapping/mapping-protocol.js';
import { OrganizationLimiter } from './organization-limiter.js';

export interface StartedImport {
  readonly importId: string;
  readonly allowedDateRange: { readonly earliestAllowedDate: string; readonly latestAllowedDate: string };
}

export interface BatchOutcome {
  readonly importedEvents: number;
  readonly skippedEvents: number;
  readonly skipped: SkipCounts;
}

export interface ImportLimits {
  /** Batches of one organization's imports at work at once. */
  readonly organizationConcurrency: number;
  /** Rows one organization's imports may send in 24 hours (0: no limit). */
  readonly dailyRowQuota: number;
  /** Rows per lookup and insert: between two, the event loop, tracking's inserts and other tenants' reads get their turn. */
  readonly writeSliceRows: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { organizationConcurrency: 1, dailyRowQuota: 0, writeSliceRows: 5_000 };

export interface ImportServiceOptions {
  readonly mapper?: ImportMapper;
  readonly limits?: ImportLimits;
  /** True while tracking has inserts waiting: an import slice waits for them (tracking first). */
  readonly trackingBehind?: () => boolean;
}

/** Self-hosted imports have no plan window: any day from the Unix epoch to today (UTC) is accepted. */
const EARLIEST_DATE = '1970-01-01';
const DAY_MS = 86_400_000;
/** How long a slice waits at most for tracking's backlog (then it goes, so imports are never starved). */
const MAX_TRACKING_WAIT_MS = 2_000;
const TRACKING_POLL_MS = 20;

export interface ImportSite {
  readonly siteId: number;
  readonly organizationId: string;
}

export class ImportService {
  /** Batches of one import run one after the other, so a row sent twice at once is stored once. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly mapper: ImportMapper;
  private readonly limits: ImportLimits;
  private readonly limiter: OrganizationLimiter;
  private readonly trackingBehind: () => boolean;

  constructor(
    private readonly imports: ImportRepository,
    private readonly rows: ImportedRowsRepository,
    private readonly clock: () => number,
    options: ImportServiceOptions = {},
  ) {
    this.mapper = options.mapper ?? inlineImportMapper;
    this.limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
    this.limiter = new OrganizationLimiter(this.limits.organizationConcurrency);
    this.trackingBehind = options.trackingBehind ?? (() => false);
  }

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

  /** A batch of rows already parsed (the command line's direct import): mapped here, no quota. */
  addBatch(siteId: number, importId: string, events: readonly unknown[], isLastBatch: boolean): Promise<BatchOutcome> {
    return this.inOrder(importId, async () => {
      const record = await this.open(siteId, importId, isLastBatch);
      if (!record) return { importedEvents: 0, skippedEvents: 0, skipped: {} };
      const mapped = mapBatch(record.platform, { siteId, importId }, events, this.clock());
      return this.store(siteId, importId, mapped, isLastBatch);
    });
  }

  /** A batch post's body as received: parsed and mapped off the event loop, within the organization's limits. */
  addBody(site: ImportSite, importId: string, body: Uint8Array): Promise<BatchOutcome> {
    return this.inOrder(importId, () => this.limiter.run(site.organizationId, async () => {
      const record = await this.imports.get(importId);
      const found = record && record.siteId === site.siteId ? record : undefined;
      const mapped = await this.mapper.map({ platform: found?.platform ?? null, context: { siteId: site.siteId, importId }, now: this.clock(), body });
      if (isBodyProblem(mapped)) throw refusedBody(mapped);
      if (!found) throw new NotFoundError('Import not found');
      if (!(await this.open(site.siteId, importId, mapped.isLastBatch))) return { importedEvents: 0, skippedEvents: 0, skipped: {} };
      if (mapped.badRows === 0) await this.checkQuota(site.organizationId, mapped);
      return this.store(site.siteId, importId, mapped, mapped.isLastBatch);
    }));
  }

  /** An uploaded file's batches as batch post bodies, read where batches are mapped (off the event loop), one per request. */
  readFile(file: FileToRead): AsyncGenerator<ReadBatch> {
    return this.mapper.read(file);
  }

  private inOrder<T>(importId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(importId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.queues.set(importId, next);
    const forget = () => {
      if (this.queues.get(importId) === next) this.queues.delete(importId);
    };
    next.then(forget, forget);
    return next;
  }

  /** The import if batches may still be added; undefined when a repeated final batch finds it complete. */
  private async open(siteId: number, importId: string, isLastBatch: boolean): Promise<ImportRecord | undefined> {
    const record = await this.find(siteId, importId);
    if (record.completedAt === null) return record;
    // The answer to a final batch can be lost: its retry succeeds without storing anything again.
    if (isLastBatch) return undefined;
    throw new BadRequestError('Import is already complete');
  }

  private async checkQuota(organizationId: string, mapped: MappedBatch): Promise<void> {
    const quota = this.limits.dailyRowQuota;
    if (quota === 0) return;
    const rows = mapped.events.ids.length + mapped.aggregates.keys.length + Object.values(mapped.skipped).reduce((sum, n) => sum + n, 0);
    const used = await this.imports.rowsOfOrganizationSince(organizationId, new Date(this.clock() - DAY_MS).toISOString());
    if (used + rows > quota) {
      throw new RateLimitError(`The organization's imports may send ${quota} rows in 24 hours; ${used} were sent, this batch has ${rows}`, 3600);
    }
  }

  private async store(siteId: number, importId: string, mapped: MappedBatch, isLastBatch: boolean): Promise<BatchOutcome> {
    if (mapped.badRows > 0) throw batchProblemsError(mapped.problems, mapped.badRows);
    const skipped: SkipCounts = { ...mapped.skipped };
    const { ids, ats, lines } = mapped.events;
    const events = await this.storeSlices('events', importId, { ids, lines }, skipped, (sliceIds, from) =>
      this.rows.storedEventIds(siteId, sliceIds, spanOf(ats, from, sliceIds.length)));
    const aggregates = await this.storeSlices('imported_aggregates', importId, { ids: mapped.aggregates.keys, lines: mapped.aggregates.lines }, skipped, (keys) =>
      this.rows.storedAggregateKeys(siteId, keys));
    const imported = events + aggregates;
    await this.imports.recordBatch(importId, { imported, skipped }, isLastBatch ? new Date(this.clock()).toISOString() : undefined);
    // What the batch's inserts and the merges they set off freed goes back to the system (the command line's engine
    // and the server's alike), so a long import's peak is one merge above the process's level, not every earlier
    // merge's leftovers too (decision 0043).
    await this.rows.releaseFreedMemory();
    const skippedEvents = Object.values(skipped).reduce((sum, n) => sum + n, 0);
    return { importedEvents: imported, skippedEvents, skipped };
  }

  /**
   * Stores the rows in slices of `writeSliceRows`: for each, the ids already stored for the site (by any import,
   * or earlier in this batch) are looked up and counted as already imported, the others inserted. Before each
   * slice the event loop gets a turn and tracking's waiting inserts go first; each lookup and insert is short,
   * so another tenant's read waits at most one of them. Returns how many rows were inserted.
   */
  private async storeSlices(
    table: 'events' | 'imported_aggregates', importId: string, rows: { readonly ids: readonly string[]; readonly lines: PackedLines },
    skipped: SkipCounts, storedOf: (sliceIds: readonly string[], from: number) => Promise<Set<string>>,
  ): Promise<number> {
    const size = this.limits.writeSliceRows;
    const seen = new Set<string>();
    let inserted = 0;
    for (let from = 0; from < rows.ids.length; from += size) {
      await this.trackingFirst();
      const sliceIds = rows.ids.slice(from, from + size);
      const stored = await storedOf(sliceIds, from);
      const fresh: number[] = [];
      sliceIds.forEach((id, offset) => {
        if (stored.has(id) || seen.has(id)) countSkip(skipped, 'already_imported');
        else {
          seen.add(id);
          fresh.push(from + offset);
        }
      });
      if (fresh.length === 0) continue;
      const token = createHash('sha256').update(importId).update(table).update(fresh.map((index) => rows.ids[index]).join(',')).digest('hex');
      await this.rows.insertLines(table, linesAt(rows.lines, fresh), `import-${token}`);
      inserted += fresh.length;
    }
    return inserted;
  }

  private async trackingFirst(): Promise<void> {
    await yieldToEventLoop();
    const until = Date.now() + MAX_TRACKING_WAIT_MS;
    while (this.trackingBehind() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, TRACKING_POLL_MS));
  }

  /** Deletes the import's rows, then the import; a failed import's client calls it too, so a running import may be deleted. */
  async remove(siteId: number, importId: string): Promise<void> {
    await this.find(siteId, importId);
    await this.rows.deleteImport(siteId, importId);
    await this.imports.delete(importId);
  }

  /** Deletes the import with its rows if it is still running (an upload a crash cut short); false otherwise. */
  async abandonRunning(importId: string): Promise<boolean> {
    const record = await this.imports.get(importId);
    if (!record || record.completedAt !== null) return false;
    await this.remove(record.siteId, importId);
    return true;
  }

  close(): Promise<void> {
    return this.mapper.close();
  }
}

/** The time span of `count` events from index `from`. */
function spanOf(ats: readonly number[], from: number, count: number): { from: number; to: number } {
  const slice = ats.slice(from, from + count);
  return { from: Math.min(...slice), to: Math.max(...slice) };
}

function refusedBody(problem: BodyProblem): BadRequestError {
  return new BadRequestError(problem.message, { fieldErrors: problem.fieldErrors, formErrors: problem.formErrors });
}
