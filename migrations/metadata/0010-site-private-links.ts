// Private links: at most one secret key per site that opens its reports read-only. The key is kept as a
// SHA-256 digest (what requests are checked against) and sealed with the instance secret (so admins can
// read the link back); never in clear. Deleting the site deletes its link.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_private_links')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.site_id').onDelete('cascade'))
    .addColumn('key_digest', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
