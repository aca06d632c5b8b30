// The secret of each invitation's link, kept apart from better-auth's invitation row and only as a hash: the
// id of an invitation names it, the token proves the holder received its email.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitation_tokens')
    .addColumn('invitation_id', 'text', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .execute();
}
