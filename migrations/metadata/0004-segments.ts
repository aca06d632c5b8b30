// Saved segments: named filter sets of a site, applied to any report through segment_id.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { serialKey } = columnTypes(dialect);
  await db.schema
    .createTable('segments')
    .addColumn('segment_id', serialKey, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('segments_site_id_idx').on('segments').column('site_id').execute();
}
