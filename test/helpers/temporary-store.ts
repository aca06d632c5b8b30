// A chDB store in a fresh temporary directory for each test of a file (opened before it, removed after it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';

export interface TemporaryStore {
  /** The directory of the current test (the store lives in `<root>/store`). */
  readonly root: string;
  readonly store: ChdbStore;
}

/** Registers the hooks; read `root` and `store` inside tests only. */
export function useTemporaryStore(prefix: string): TemporaryStore {
  let current: { root: string; store: ChdbStore } | undefined;
  beforeEach(() => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    current = { root, store: new ChdbStore(join(root, 'store')) };
  });
  afterEach(async () => {
    if (!current) return;
    await current.store.close();
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
