// A delivery records the attempt whose request was released in full (its last byte is sent only after this
// is stored), so a process that takes over a crashed sender's claim knows whether the endpoint already has it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('released_attempt', 'integer').execute();
}
