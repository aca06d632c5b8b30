// Imports: one row per import of another tool's data into a site, with its progress counts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('import_id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('imported_events', 'integer', (c) => c.notNull())
    .addColumn('skipped_events', 'integer', (c) => c.notNull())
    .addColumn('invalid_events', 'integer', (c) => c.notNull())
    // JSON object: skip reason -> rows skipped for it.
    .addColumn('skipped_reasons', 'text', (c) => c.notNull())
    // ISO 8601 UTC with milliseconds, so text order is time order.
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('imports_site_id_idx').on('imports').columns(['site_id', 'started_at']).execute();
}
