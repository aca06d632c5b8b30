// Applies the numbered SQL files of migrations/analytics once each, in order, recording them in the store.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyticsStore } from './analytics-store.js';
import { clusterStatements } from './cluster-ddl.js';
import { projectPath } from '../project-path.js';

const MIGRATIONS_DIR = projectPath('migrations', 'analytics');

export interface AnalyticsMigration {
  readonly version: string;
  readonly statements: readonly string[];
}

/** Splits a migration file into statements on `;` at line ends; comments starting with `--` are dropped. */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

export function loadAnalyticsMigrations(dir = MIGRATIONS_DIR): AnalyticsMigration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ''),
      statements: splitStatements(readFileSync(join(dir, file), 'utf8')),
    }));
}

const SCHEMA_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (version String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
     ENGINE = MergeTree ORDER BY version`;

/**
 * The migrations as the store runs them: unchanged on one server, rewritten for the store's cluster
 * (cluster-ddl.ts) otherwise. Every statement is rewritten before any runs, so a statement the rewriting
 * refuses stops the migration before it touches the cluster.
 */
export function migrationsFor(cluster: string | undefined, dir = MIGRATIONS_DIR): AnalyticsMigration[] {
  const migrations = loadAnalyticsMigrations(dir);
  if (cluster === undefined) return migrations;
  return migrations.map((migration) => ({
    version: migration.version,
    statements: migration.statements.flatMap((statement) => clusterStatements(statement, cluster)),
  }));
}

/** The statements that create the table recording applied migrations (on a cluster, replicated and Distributed). */
export function bookkeepingStatements(cluster: string | undefined): string[] {
  return cluster === undefined ? [SCHEMA_MIGRATIONS_TABLE] : clusterStatements(SCHEMA_MIGRATIONS_TABLE, cluster);
}

/** Versions in `dir` the store has not recorded (all of them when it has no migrations table yet). */
export async function pendingAnalyticsMigrations(store: AnalyticsStore, dir = MIGRATIONS_DIR): Promise<string[]> {
  const exists = await store.query<{ n: number | string }>('SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = \'schema_migrations\'');
  const applied = Number(exists[0]?.n ?? 0) > 0 ? await store.query<{ version: string }>('SELECT version FROM schema_migrations') : [];
  const recorded = new Set(applied.map((row) => row.version));
  return loadAnalyticsMigrations(dir).map((migration) => migration.version).filter((version) => !recorded.has(version));
}

export async function migrateAnalyticsStore(store: AnalyticsStore, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = migrationsFor(store.cluster, dir);
  for (const statement of bookkeepingStatements(store.cluster)) await store.command(statement);
  const appliedRows = await store.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(appliedRows.map((row) => row.version));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    for (const statement of migration.statements) await store.command(statement);
    await store.insert('schema_migrations', [{ version: migration.version }]);
    ran.push(migration.version);
  }
  return ran;
}
