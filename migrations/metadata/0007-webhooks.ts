// Webhooks and their delivery log; deliveries carry their schedule so a restart or crash loses none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('goal_ids', 'text', (c) => c.notNull())
    .addColumn('event_names', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_site_id_idx').on('webhooks').column('site_id').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('response_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
}
