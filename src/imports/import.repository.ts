// Imports in the metadata store: one row per import with its progress counts.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImportsTable, MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { ImportPlatform } from './import-platforms.js';
import type { SkipReason } from './mapped-row.js';

export type SkipCounts = Partial<Record<SkipReason, number>>;

export interface ImportRecord {
  readonly importId: string;
  readonly siteId: number;
  readonly platform: ImportPlatform;
  readonly importedEvents: number;
  readonly skippedEvents: number;
  readonly invalidEvents: number;
  readonly skippedReasons: SkipCounts;
  readonly startedAt: string;
  readonly completedAt: string | null;
}

function toRecord(row: Selectable<ImportsTable>): ImportRecord {
  return {
    importId: row.import_id,
    siteId: row.site_id,
    platform: row.platform as ImportPlatform,
    importedEvents: Number(row.imported_events),
    skippedEvents: Number(row.skipped_events),
    invalidEvents: Number(row.invalid_events),
    skippedReasons: JSON.parse(row.skipped_reasons) as SkipCounts,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export class ImportRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async create(record: { importId: string; siteId: number; platform: ImportPlatform; startedAt: string }): Promise<void> {
    await this.db
      .insertInto('imports')
      .values({
        import_id: record.importId, site_id: record.siteId, platform: record.platform, started_at: record.startedAt,
        imported_events: 0, skipped_events: 0, invalid_events: 0, skipped_reasons: '{}', completed_at: null,
      })
      .execute();
  }

  async get(importId: string): Promise<ImportRecord | undefined> {
    const row = await this.db.selectFrom('imports').selectAll().where('import_id', '=', importId).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** The site's imports, newest first. */
  async listForSite(siteId: number): Promise<ImportRecord[]> {
    const rows = await this.db.selectFrom('imports').selectAll().where('site_id', '=', siteId).orderBy('started_at', 'desc').orderBy('import_id').execute();
    return rows.map(toRecord);
  }

  /** Adds a batch's counts (in one transaction with the read, so concurrent batches both count) and completes the import when asked. */
  async recordBatch(importId: string, batch: { imported: number; skipped: SkipCounts }, completedAt: string | undefined): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('imports').select(['skipped_reasons']).where('import_id', '=', importId).executeTakeFirst();
      if (!row) return;
      const reasons = JSON.parse(row.skipped_reasons) as SkipCounts;
      let skipped = 0;
      for (const [reason, n] of Object.entries(batch.skipped) as Array<[SkipReason, number]>) {
        reasons[reason] = (reasons[reason] ?? 0) + n;
        skipped += n;
      }
      await trx
        .updateTable('imports')
        .set({
          imported_events: sql<number>`imported_events + ${batch.imported}`,
          skipped_events: sql<number>`skipped_events + ${skipped}`,
          skipped_reasons: JSON.stringify(reasons),
          ...(completedAt === undefined ? {} : { completed_at: completedAt }),
        })
        .where('import_id', '=', importId)
        .execute();
    });
  }

  /** Rows (stored and skipped) of the organization's imports started at or after `since` (ISO 8601): what its row quota counts. */
  async rowsOfOrganizationSince(organizationId: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('imports')
      .innerJoin('sites', 'sites.site_id', 'imports.site_id')
      .select(sql<number>`coalesce(sum(imports.imported_events + imports.skipped_events), 0)`.as('rows'))
      .where('sites.organization_id', '=', organizationId)
      .where('imports.started_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.rows ?? 0);
  }

  async delete(importId: string): Promise<void> {
    await this.db.deleteFrom('imports').where('import_id', '=', importId).execute();
  }
}
