// Goals (conversion definitions) and saved funnels (ordered step lists) of a site.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { serialKey } = columnTypes(dialect);
  await db.schema
    .createTable('goals')
    .addColumn('goal_id', serialKey, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('goal_type', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goals_site_id_idx').on('goals').column('site_id').execute();
  await db.schema
    .createTable('funnels')
    .addColumn('funnel_id', serialKey, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('funnels_site_id_idx').on('funnels').column('site_id').execute();
}
