// An analytics store in a fresh temporary directory for each test of a file (opened before it, removed after
// it): chDB, or with LOUPE_TEST_STORE=clickhouse the ClickHouse client against the test stand-in; empty, or
// migrated up to a version.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { startClickHouseStandIn, type ClickHouseStandIn } from './clickhouse-stand-in.js';
import { copyStoreMigratedUpTo } from './migrated-store.js';
import { migrationsUpTo } from './migrations-up-to.js';
import { standInRequested } from './store-under-test.js';

export interface TemporaryStore {
  /** The directory of the current test (the store lives in `<root>/store`). */
  readonly root: string;
  readonly store: AnalyticsStore;
}

export interface TemporaryStoreOptions {
  /**
   * The store starts migrated up to this version (migrationsUpTo's numbering), as an earlier release left it: a
   * copy of the run's store at that version (test/setup/migration-template-versions.ts lists them), migrated here
   * when the run has none.
   */
  readonly migratedUpTo?: string;
}

/** Registers the hooks; read `root` and `store` inside tests only. */
export function useTemporaryStore(prefix: string, options: TemporaryStoreOptions = {}): TemporaryStore {
  let current: { root: string; store: AnalyticsStore; standIn: ClickHouseStandIn | undefined } | undefined;
  beforeEach(async () => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    const storeDir = join(root, 'store');
    if (options.migratedUpTo !== undefined) copyStoreMigratedUpTo(options.migratedUpTo, storeDir);
    if (standInRequested()) {
      const standIn = await startClickHouseStandIn(storeDir);
      current = { root, store: new ClickHouseStore(standIn.url), standIn };
    } else {
      current = { root, store: new ChdbStore(storeDir), standIn: undefined };
    }
    if (options.migratedUpTo !== undefined) await migrateAnalyticsStore(current.store, migrationsUpTo(root, options.migratedUpTo));
  });
  afterEach(async () => {
    if (!current) return;
    await current.store.close();
    await current.standIn?.close();
    rmSync(current.root, { recursive: true, force: true });
    current = undefined;
  });
  const active = () => {
    if (!current) throw new Error('the temporary store exists only inside a test');
    return current;
  };
  return {
    get root() {
      return active().root;
    },
    get store() {
      return active().store;
    },
  };
}
