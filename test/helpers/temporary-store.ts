// An analytics store in a fresh temporary directory for each test of a file (opened before it, removed after
// it): chDB, or with LOUPE_TEST_STORE=clickhouse the ClickHouse client against the test stand-in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { startClickHouseStandIn, type ClickHouseStandIn } from './clickhouse-stand-in.js';
import { standInRequested } from './store-under-test.js';

export interface TemporaryStore {
  /** The directory of the current test (the store lives in `<root>/store`). */
  readonly root: string;
  readonly store: AnalyticsStore;
}

/** Registers the hooks; read `root` and `store` inside tests only. */
export function useTemporaryStore(prefix: string): TemporaryStore {
  let current: { root: string; store: AnalyticsStore; standIn: ClickHouseStandIn | undefined } | undefined;
  beforeEach(async () => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    if (standInRequested()) {
      const standIn = await startClickHouseStandIn(join(root, 'store'));
      current = { root, store: new ClickHouseStore(standIn.url), standIn };
    } else {
      current = { root, store: new ChdbStore(join(root, 'store')), standIn: undefined };
    }
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
