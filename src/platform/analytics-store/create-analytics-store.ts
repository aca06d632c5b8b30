// Chooses the analytics store from configuration: a ClickHouse server when a URL is set, else embedded chDB.
import { join } from 'node:path';
import type { AnalyticsStore } from './analytics-store.js';
import type { AnalyticsMemorySettings } from './chdb-memory.js';
import { ChdbStore } from './chdb-store.js';
import { ClickHouseStore } from './clickhouse-store.js';

export interface AnalyticsStoreConfig {
  readonly dataDir: string;
  readonly clickhouseUrl?: string | undefined;
  readonly clickhouseCluster?: string | undefined;
  /** Bounds of the embedded store's memory (defaults: chdb-memory.ts). */
  readonly analyticsMemory?: AnalyticsMemorySettings;
}

export function createAnalyticsStore(config: AnalyticsStoreConfig): AnalyticsStore {
  if (config.clickhouseUrl) return new ClickHouseStore(config.clickhouseUrl, undefined, { cluster: config.clickhouseCluster });
  return new ChdbStore(join(config.dataDir, 'analytics'), config.analyticsMemory);
}
