// Alert rules and their firing log; the outgoing-mail queue (alerts now, scheduled reports later) with claims
// like webhook deliveries; named leases so one node at a time runs a schedule.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON of the rule's definition (metric, filters, window, condition, channels): one shape, validated by the API.
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // 'ok' or 'firing': only the evaluation that changes it (a conditional UPDATE) logs a firing and notifies.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('last_value', 'real')
    .addColumn('last_baseline', 'real')
    .addColumn('last_evaluated_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_rules_site_idx').on('alert_rules').column('site_id').execute();
  await db.schema
    .createTable('alert_firings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule_id', 'text', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'real', (c) => c.notNull())
    .addColumn('baseline', 'real')
    .addColumn('window_from', 'text', (c) => c.notNull())
    .addColumn('window_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_firings_site_idx').on('alert_firings').columns(['site_id', 'created_at']).execute();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    // What the mail is about: an alert firing id, or a report's recipient and period.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    // JSON of the message (subject, text, html, headers, inline images), rendered once when queued.
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('released_attempt', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_reference_idx').on('mail_outbox').columns(['site_id', 'reference']).execute();
  await db.schema
    .createTable('schedule_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();
}
