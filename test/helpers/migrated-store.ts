// The run's migrated store (built once by test/setup/migrated-store-template.ts), copied into a new DATA_DIR so an
// app starts with its migrations already applied. Outside a tiered run (no template provided) nothing is copied
// and the app migrates as in production.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { migratedUpToFolder } from '../setup/migration-template-versions.js';

function provided(key: 'migratedStoreDir' | 'migratedPostgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** Copies `entry` (a file or folder) of the run's migrated store template to `target`; nothing when the run has none. */
function copyFromTemplate(entry: string, target: string): void {
  const template = provided('migratedStoreDir');
  if (template && existsSync(join(template, entry))) cpSync(join(template, entry), target, { recursive: true });
}

/** Copies the migrated chDB store to `analyticsDir` (a DATA_DIR's `analytics`, or a ClickHouse stand-in's data). */
export function copyMigratedAnalytics(analyticsDir: string): void {
  copyFromTemplate('analytics', analyticsDir);
}

/**
 * A chDB store at `analyticsDir` with every migration applied: a copy of the run's migrated store (about 0.35 CPU-s)
 * instead of running the migrations again (about 1.5 CPU-s and several seconds); migrated in place when the run
 * provides no template, or when a migration is newer than it.
 */
export async function openMigratedChdbStore(analyticsDir: string): Promise<ChdbStore> {
  copyMigratedAnalytics(analyticsDir);
  const store = new ChdbStore(analyticsDir);
  await migrateAnalyticsStore(store);
  return store;
}

/**
 * Copies the run's analytics store migrated up to `version` (one of MIGRATION_TEMPLATE_VERSIONS) to
 * `analyticsDir`, as a store an earlier release left; nothing when the run has none.
 */
export function copyStoreMigratedUpTo(version: string, analyticsDir: string): void {
  copyFromTemplate(migratedUpToFolder(version), analyticsDir);
}

/** Copies the migrated SQLite metadata store into `dataDir`. */
export function copyMigratedMetadata(dataDir: string): void {
  copyFromTemplate('meta.db', join(dataDir, 'meta.db'));
}

/** The migrated PostgreSQL database new test databases are created from, or undefined. */
export function migratedPostgresTemplate(): string | undefined {
  return provided('migratedPostgresTemplate') || undefined;
}

/** Makes `dataDir` hold the migrated stores, as a DATA_DIR after its first start holds them. */
export function seedMigratedDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  copyMigratedAnalytics(join(dataDir, 'analytics'));
  copyMigratedMetadata(dataDir);
}
