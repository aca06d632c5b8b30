// One process migrates at a time: on PostgreSQL (several nodes share it), a session advisory lock held
// around both stores' migrations; the others wait, then find everything applied. SQLite is one process's.
import { sql } from 'kysely';
import type { MetadataDb } from './create-metadata-db.js';

/** The advisory lock's key: "Loupe" in ASCII, a number no other part of Loupe takes. */
export const MIGRATION_LOCK_KEY = '327647768677';

export interface MigrationLockOptions {
  /** Called once when another process holds the lock and this one starts waiting for it. */
  readonly onWaiting?: () => void;
}

export async function withMigrationLock<T>(meta: MetadataDb, work: () => Promise<T>, options: MigrationLockOptions = {}): Promise<T> {
  if (meta.dialect !== 'postgres') return work();
  // The lock belongs to one connection: it is taken and released on the same one, while `work` uses the pool.
  return meta.db.connection().execute(async (connection) => {
    const attempt = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}::bigint) as taken`.execute(connection);
    if (attempt.rows[0]?.taken !== true) {
      options.onWaiting?.();
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}
