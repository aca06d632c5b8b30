// Kysely over SQLite (embedded default, DATA_DIR/meta.db, WAL) or PostgreSQL (DATABASE_URL).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { MetadataDatabase } from './metadata-schema.js';

export type MetadataDialect = 'sqlite' | 'postgres';

export interface MetadataDb {
  readonly db: Kysely<MetadataDatabase>;
  readonly dialect: MetadataDialect;
  close(): Promise<void>;
}

export interface MetadataDbConfig {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
}

export function createMetadataDb(config: MetadataDbConfig): MetadataDb {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const db = new Kysely<MetadataDatabase>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SQLite(join(config.dataDir, 'meta.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<MetadataDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
