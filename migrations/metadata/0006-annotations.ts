// Annotations: notes pinned to a date or date range on the traffic chart, for one site or a whole organization.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('annotations')
    .addColumn('annotation_id', 'text', (c) => c.primaryKey())
    // Null for an organization-wide annotation.
    .addColumn('site_id', 'integer', (c) => c.references('sites.site_id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    // Null when an organization API key created it.
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // ISO 8601 UTC with milliseconds, so text order is time order.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('color', 'text')
    .addColumn('icon', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('annotations_organization_id_idx').on('annotations').columns(['organization_id', 'date']).execute();
  await db.schema.createIndex('annotations_site_id_idx').on('annotations').columns(['site_id', 'date']).execute();
}
