// Sites (numeric siteId plus a 12-hex public id) with their tracking settings, and team site restrictions.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { serialKey } = columnTypes(dialect);
  await db.schema
    .createTable('sites')
    .addColumn('site_id', serialKey, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sites_organization_id_idx').on('sites').column('organization_id').execute();
  await db.schema
    .createTable('team_sites')
    .addColumn('team_id', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_sites_pk', ['team_id', 'site_id'])
    .execute();
}
