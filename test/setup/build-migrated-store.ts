// Child process of the test run's global setup (test/setup/migrated-store-template.ts): migrates an empty
// analytics store (chDB), keeping a copy at each version of migration-template-versions.ts on the way, and an
// empty SQLite metadata store in the directory argv[2], or with `--postgres URL` an empty PostgreSQL database,
// then exits. Tests copy the result instead of running every migration for each app they start
// (test/helpers/migrated-store.ts). A process of its own: chDB keeps its engine for the life of the process that
// opened it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { createMetadataDb } from '../../src/platform/metadata-store/create-metadata-db.js';
import { migrateMetadataDb } from '../../src/platform/metadata-store/metadata-migrations.js';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { MIGRATION_TEMPLATE_VERSIONS, migratedUpToFolder } from './migration-template-versions.js';

const [first, second] = process.argv.slice(2);
if (first === '--postgres' && second) {
  const postgres = createMetadataDb({ dataDir: '', databaseUrl: second });
  await migrateMetadataDb(postgres);
  await postgres.close();
} else if (first) {
  const analyticsDir = join(first, 'analytics');
  let analytics = new ChdbStore(analyticsDir);
  // On the way to the last migration, a copy of the store at each version a migration test starts from.
  const sqlCopies = mkdtempSync(join(tmpdir(), 'loupe-migrations-up-to-'));
  for (const version of MIGRATION_TEMPLATE_VERSIONS) {
    await migrateAnalyticsStore(analytics, migrationsUpTo(sqlCopies, version));
    await analytics.close();
    cpSync(analyticsDir, join(first, migratedUpToFolder(version)), { recursive: true });
    analytics = new ChdbStore(analyticsDir);
  }
  rmSync(sqlCopies, { recursive: true, force: true });
  await migrateAnalyticsStore(analytics);
  await analytics.close();
  const sqlite = createMetadataDb({ dataDir: first });
  await migrateMetadataDb(sqlite);
  await sqlite.close();
} else {
  throw new Error('usage: build-migrated-store.ts <dir> | --postgres <url>');
}
