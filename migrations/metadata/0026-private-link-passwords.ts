// A private link may carry a password (decision 0025): its scrypt hash (`scrypt$<salt>$<hash>`, base64url), null
// for a link without one. The key alone then no longer opens the site: a proof of the password does.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_private_links').addColumn('password_hash', 'text').execute();
}
