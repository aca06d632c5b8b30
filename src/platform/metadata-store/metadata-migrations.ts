// Applies the numbered Kysely migrations of migrations/metadata once each, in order, on SQLite or PostgreSQL.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { MetadataDb, MetadataDialect } from './create-metadata-db.js';
import { projectPath } from '../project-path.js';
import { bundledFile } from '../server-bundle.js';

interface MetadataMigrationModule {
  up(db: Kysely<unknown>, dialect: MetadataDialect): Promise<void>;
}

/** Compiled into the bundle's directory when the server runs from it (plain Node cannot import TypeScript). */
const MIGRATIONS_DIR = bundledFile('migrations', 'metadata') ?? projectPath('migrations', 'metadata');

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}-.+\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
}

const versionOf = (file: string): string => file.replace(/\.(ts|js)$/, '');

/** Versions in `dir` the database has not recorded (all of them before the first migration). */
export async function pendingMetadataMigrations(meta: MetadataDb, dir = MIGRATIONS_DIR): Promise<string[]> {
  const db = meta.schemaless;
  let recorded = new Set<string>();
  try {
    const rows = await sql<{ version: string }>`select version from loupe_migrations`.execute(db);
    recorded = new Set(rows.rows.map((row) => row.version));
  } catch (error) {
    // No migrations table yet: nothing is applied. Any other failure (the store is down) is the caller's to see.
    const tables = await db.introspection.getTables();
    if (tables.some((table) => table.name === 'loupe_migrations')) throw error;
  }
  return migrationFiles(dir).map(versionOf).filter((version) => !recorded.has(version));
}

export async function migrateMetadataDb(meta: MetadataDb, dir = MIGRATIONS_DIR): Promise<string[]> {
  const db = meta.schemaless;
  await db.schema
    .createTable('loupe_migrations')
    .ifNotExists()
    .addColumn('version', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const appliedRows = await sql<{ version: string }>`select version from loupe_migrations`.execute(db);
  const applied = new Set(appliedRows.rows.map((row) => row.version));
  const ran: string[] = [];
  for (const file of migrationFiles(dir)) {
    const version = versionOf(file);
    if (applied.has(version)) continue;
    const migration = (await import(pathToFileURL(join(dir, file)).href)) as MetadataMigrationModule;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx, meta.dialect);
      await sql`insert into loupe_migrations (version, applied_at) values (${version}, ${new Date().toISOString()})`.execute(trx);
    });
    ran.push(version);
  }
  return ran;
}
