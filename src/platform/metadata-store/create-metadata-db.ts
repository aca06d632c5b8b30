// Kysely over SQLite (embedded default, DATA_DIR/meta.db, WAL) or PostgreSQL (DATABASE_URL).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SQLite from 'libsql';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type * as Pg from 'pg';
import type { MetadataDatabase } from './metadata-schema.js';

export type MetadataDialect = 'sqlite' | 'postgres';

export interface MetadataDb {
  readonly db: Kysely<MetadataDatabase>;
  /**
   * The same connection for code that names tables outside Loupe's typed schema: the migrations (which create
   * them), better-auth (which owns its own tables) and plain probes such as `select 1`.
   */
  readonly schemaless: Kysely<unknown>;
  readonly dialect: MetadataDialect;
  close(): Promise<void>;
}

export interface MetadataDbConfig {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
}

/** The PostgreSQL driver is loaded only when DATABASE_URL is set (a few MB of every embedded server otherwise). */
const requirePackage = createRequire(import.meta.url);

export function createMetadataDb(config: MetadataDbConfig): MetadataDb {
  if (config.databaseUrl) {
    const pg = requirePackage('pg') as typeof Pg;
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    return handles(new Kysely<MetadataDatabase>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SQLite(join(config.dataDir, 'meta.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return handles(new Kysely<MetadataDatabase>({ dialect: new SqliteDialect({ database: sqlite }) }), 'sqlite');
}

/** The typed handle and its schemaless view: one Kysely instance, one pool, closed once. */
function handles(db: Kysely<MetadataDatabase>, dialect: MetadataDialect): MetadataDb {
  // Kysely's type parameter only narrows the table names the builder accepts; the instance is the same.
  const schemaless = db as unknown as Kysely<unknown>;
  return { db, schemaless, dialect, close: () => db.destroy() };
}
