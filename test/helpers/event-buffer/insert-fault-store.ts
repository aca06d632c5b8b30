// Test fixture: wraps a store so tests can make inserts fail, before or after the rows were really written.
import type { AnalyticsRow, AnalyticsStore, InsertOptions } from '../../../src/platform/analytics-store/analytics-store.js';

export interface InsertFaults {
  /**
   * 'before': the insert throws without writing; 'after': it writes, then throws (an ambiguous failure);
   * 'die': it writes, then the whole process dies by SIGKILL before the caller learns of the success.
   */
  mode: 'none' | 'before' | 'after' | 'die';
  attempts: number;
}

/** Both insert paths of the wrapped store fail as the test says. */
export function withInsertFaults(inner: AnalyticsStore): { store: AnalyticsStore; faults: InsertFaults } {
  const faults: InsertFaults = { mode: 'none', attempts: 0 };
  async function guarded(write: () => Promise<void>): Promise<void> {
    faults.attempts += 1;
    if (faults.mode === 'before') throw new Error('injected insert failure');
    await write();
    if (faults.mode === 'after') throw new Error('injected failure after a successful insert');
    if (faults.mode === 'die') process.kill(process.pid, 'SIGKILL');
  }
  const store: AnalyticsStore = {
    kind: inner.kind,
    query: (sql, params) => inner.query(sql, params),
    queryJsonLines: (sql, params) => inner.queryJsonLines(sql, params),
    command: (sql, params) => inner.command(sql, params),
    insert: (table: string, rows: readonly AnalyticsRow[], options?: InsertOptions) =>
      guarded(() => inner.insert(table, rows, options)),
    insertJsonEachRow: (table: string, payload: Buffer, options?: InsertOptions) =>
      guarded(() => inner.insertJsonEachRow(table, payload, options)),
    insertTabSeparated: (table: string, columns: readonly string[], payload: Buffer, options?: InsertOptions) =>
      guarded(() => inner.insertTabSeparated(table, columns, payload, options)),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
  return { store, faults };
}
