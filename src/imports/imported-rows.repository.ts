// The analytics store's side of imports: which rows are already stored, storing a batch, deleting an import.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { rewriteUserDays } from '../user-data/index.js';
import { markVisitorLinksStale } from '../stats/visitor-links.js';
import { storeTime } from './import-time.js';

/** Tables that hold copies of event rows (filled by views on `events`); they carry no import id, so go by event id. */
const EVENT_COPIES = ['action_events', 'performance_events'] as const;

export class ImportedRowsRepository {
  private readonly store: AnalyticsStore;

  /** Imports are background work: on an engine that runs one operation at a time, they let reads go first. */
  constructor(store: AnalyticsStore) {
    this.store = store.background?.() ?? store;
  }

  /** The ids among `eventIds` already stored for the site (by any import, or tracked), within the events' time span. */
  async storedEventIds(siteId: number, eventIds: readonly string[], span: { from: number; to: number }): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const rows = await this.store.query<{ id: string }>(
      `SELECT DISTINCT toString(event_id) AS id FROM events
       WHERE site_id = {siteId:UInt32} AND timestamp >= {from:DateTime64(3, 'UTC')} AND timestamp <= {to:DateTime64(3, 'UTC')}
         AND event_id IN (SELECT toUUID(arrayJoin({ids:Array(String)})))`,
      { siteId, ids: eventIds, from: storeTime(span.from), to: storeTime(span.to) },
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The keys among `keys` already stored for the site's daily aggregates. */
  async storedAggregateKeys(siteId: number, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.store.query<{ key: string }>(
      `SELECT DISTINCT row_key AS key FROM imported_aggregates
       WHERE site_id = {siteId:UInt32} AND row_key IN (SELECT arrayJoin({keys:Array(String)}))`,
      { siteId, keys },
    );
    return new Set(rows.map((row) => row.key));
  }

  /**
   * Stores rows given as JSONEachRow lines without their empty columns (the store fills the same defaults;
   * neither table has a DEFAULT expression), so the engine parses less. The insert's deduplication token is
   * derived from the import and the rows' ids, so a slice replayed after a lost answer adds nothing.
   */
  async insertLines(table: 'events' | 'imported_aggregates', payload: Buffer, dedupToken: string): Promise<void> {
    if (payload.length === 0) return;
    await this.store.insertJsonEachRow(table, payload, { dedupToken });
  }

  /** Returns the memory the engine freed while storing to the operating system, where it can (embedded chDB). */
  async releaseFreedMemory(): Promise<void> {
    await this.store.releaseFreedMemory?.();
  }

  /** Removes every row of the import: the copies of its events first (found through them), its people's days, its events, sessions and aggregates. */
  async deleteImport(siteId: number, importId: string): Promise<void> {
    const params = { siteId, importId };
    for (const table of EVENT_COPIES) {
      await this.store.command(
        `DELETE FROM ${table} WHERE site_id = {siteId:UInt32}
           AND event_id IN (SELECT event_id FROM events WHERE site_id = {siteId:UInt32} AND import_id = {importId:String})`,
        params,
      );
    }
    // The import's page visits (migration 0021), found through its engagement events: its sessions are its own.
    await this.store.command(
      `DELETE FROM page_visits WHERE site_id = {siteId:UInt32}
         AND session_id IN (SELECT session_id FROM events WHERE site_id = {siteId:UInt32} AND import_id = {importId:String} AND type = 'engagement')`,
      params,
    );
    // Its page views (migration 0022), found through its pageviews likewise.
    await this.store.command(
      `DELETE FROM page_views_by_kind WHERE site_id = {siteId:UInt32}
         AND session_id IN (SELECT session_id FROM events WHERE site_id = {siteId:UInt32} AND import_id = {importId:String} AND type = 'pageview')`,
      params,
    );
    // People's days (migration 0030) counting its events are written again from the others, while its events are there.
    await rewriteUserDays(this.store, { where: 'site_id = {siteId:UInt32} AND import_id = {importId:String}', params });
    await this.store.command('DELETE FROM events WHERE site_id = {siteId:UInt32} AND import_id = {importId:String}', params);
    await this.store.command('DELETE FROM sessions WHERE site_id = {siteId:UInt32} AND import_id = {importId:String}', params);
    // Links of the site's other sessions may point at the import's sessions.
    await markVisitorLinksStale(this.store, params.siteId);
    await this.store.command('DELETE FROM imported_aggregates WHERE site_id = {siteId:UInt32} AND import_id = {importId:String}', params);
  }
}
