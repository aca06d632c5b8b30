// Two-factor authentication (better-auth's twoFactor plugin: a flag on the user, a table of TOTP secrets and
// backup codes) and each organization's sign-in policy (written only through Loupe's owner-only route).
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { ts, bool } = columnTypes(dialect);
  const no = dialect === 'postgres' ? sql`false` : sql`0`;
  await db.schema.alterTable('user').addColumn('twoFactorEnabled', bool, (c) => c.defaultTo(no)).execute();
  await db.schema
    .createTable('twoFactor')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Both hold better-auth's encryption (with the instance secret) of the TOTP secret and of the backup codes.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backupCodes', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', bool)
    .addColumn('failedVerificationCount', 'integer', (c) => c.defaultTo(0))
    .addColumn('lockedUntil', ts)
    .execute();
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
  await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
  await db.schema
    .createTable('organization_sign_in_policies')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    // 0 or 1 on both stores (one value to write from code that does not know the dialect).
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().check(sql`require_two_factor in (0, 1)`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
