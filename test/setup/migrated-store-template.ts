// Global setup of the integration and system tiers: one migrated store per run (per migration set, in fact),
// which every app a test starts copies instead of running all the migrations again. The template lives in
// .tmp/fixtures/migrated-store-<hash>, where the hash covers the migrations and the code that applies them,
// so a changed migration makes a new one. With DATABASE_URL reachable, a PostgreSQL template database
// (loupe_template_<hash>) is migrated too, and test databases are created from it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { projectPath } from '../../src/platform/project-path.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated store's directory: `analytics/` (chDB), `meta.db` (SQLite) and the analytics store at the
     * versions migration tests start from (`analytics-up-to-<version>/`). */
    migratedStoreDir: string;
    /** A migrated PostgreSQL database to create test databases from (empty when PostgreSQL is not reachable). */
    migratedPostgresTemplate: string;
  }
}

/** Files whose content decides the migrated schema. */
const SOURCES = [
  'migrations', 'src/platform/analytics-store', 'src/platform/metadata-store', 'test/setup/build-migrated-store.ts',
  'test/setup/migration-template-versions.ts', 'test/helpers/migrations-up-to.ts',
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

function schemaHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesUnder(projectPath(source)))) {
    if (file.endsWith('.test.ts')) continue;
    hash.update(relative(projectPath(), file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function postgresReachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

async function adminCommand(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Runs the migrations in a child process: into a directory, or with `--postgres URL` into that database. */
function migrate(...target: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', projectPath('test', 'setup', 'build-migrated-store.ts'), ...target], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`build-migrated-store.ts ${target.join(' ')} ended with ${signal ?? code}`))));
  });
}

/** The directory of the migrated embedded stores, built when this migration set has none yet. */
async function migratedStoreDir(hash: string): Promise<string> {
  const dir = projectPath('.tmp', 'fixtures', `migrated-store-${hash}`);
  if (!existsSync(join(dir, 'meta.db'))) {
    // Built beside its final place and renamed, so an interrupted build is never taken for a template.
    const building = `${dir}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    await migrate(building);
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  }
  return dir;
}

/** The migrated PostgreSQL template database, made when this migration set has none yet; '' without PostgreSQL. */
async function migratedPostgresTemplate(hash: string): Promise<string> {
  const adminUrl = process.env.DATABASE_URL;
  const template = `loupe_template_${hash}`;
  if (!adminUrl || !(await postgresReachable(adminUrl))) return '';
  if (!(await databaseExists(adminUrl, template))) {
    const building = `${template}_b${process.pid}`;
    await adminCommand(adminUrl, `create database ${building}`);
    await migrate('--postgres', databaseUrl(adminUrl, building));
    await adminCommand(adminUrl, `alter database ${building} rename to ${template}`);
  }
  return template;
}

export default async function setup(project: TestProject): Promise<void> {
  const hash = schemaHash();
  // Side by side: every test file waits for both, and each build mostly waits on its store.
  const [dir, template] = await Promise.all([migratedStoreDir(hash), migratedPostgresTemplate(hash)]);
  project.provide('migratedStoreDir', dir);
  project.provide('migratedPostgresTemplate', template);
}
