// Reads one table's rows of a site and range page by page, in (timestamp, event_id) order, without holding
// more than one page: each page starts after the last row of the one before (keyset pagination).
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { allOf, type SqlFragment } from '../stats/sql-fragment.js';
import { siteScopeConditions } from '../stats/site-scope.js';
import type { TimeRange } from '../stats/time-range.js';
import { COLUMNS_OF, type ExportTable } from './export-columns.js';

/** Rows per page: a few megabytes of JSON, about a tenth of a second of the store's work. */
export const DEFAULT_PAGE_ROWS = 10_000;

export interface PageScope {
  readonly siteId: number;
  readonly range: TimeRange;
  readonly pageRows?: number;
}

/** A page: its rows as JSONEachRow bytes (each `{"table":...}` line ends with `\n`), and how many. */
export interface EventPage {
  readonly bytes: Buffer;
  readonly rows: number;
}

interface PageKey {
  readonly timestamp: string;
  readonly event_id: string;
}

/** The SELECT of one page; `after` is the last row of the previous page. Exported for its unit test. */
export function pageSql(table: ExportTable, scope: PageScope, after: PageKey | undefined): SqlFragment {
  const conditions: SqlFragment[] = [...siteScopeConditions(scope.siteId, scope.range)];
  if (after) {
    // The plain bound on `timestamp` lets the store skip to the key's granule; the tuple orders ties.
    conditions.push({
      sql: "timestamp >= {after_time:DateTime64(3, 'UTC')} AND (timestamp, event_id) > ({after_time:DateTime64(3, 'UTC')}, {after_id:UUID})",
      params: { after_time: after.timestamp, after_id: after.event_id },
    });
  }
  const where = allOf(conditions);
  const columns = COLUMNS_OF[table].join(', ');
  return {
    sql: `SELECT '${table}' AS \`table\`, ${columns} FROM ${table} WHERE ${where.sql} ORDER BY timestamp, event_id LIMIT {page_rows:UInt32} SETTINGS max_threads = 1`,
    params: { ...where.params, page_rows: scope.pageRows ?? DEFAULT_PAGE_ROWS },
  };
}

const NEWLINE = 0x0a;

function lastKey(bytes: Buffer): PageKey {
  const end = bytes[bytes.length - 1] === NEWLINE ? bytes.length - 1 : bytes.length;
  const row = JSON.parse(bytes.subarray(bytes.lastIndexOf(NEWLINE, end - 1) + 1, end).toString('utf8')) as PageKey;
  return { timestamp: row.timestamp, event_id: row.event_id };
}

function lineCount(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

/** The table's rows, a page at a time; the next page is read only when the consumer asks for it. */
export async function* eventPages(store: AnalyticsStore, table: ExportTable, scope: PageScope): AsyncGenerator<EventPage> {
  const pageRows = scope.pageRows ?? DEFAULT_PAGE_ROWS;
  let after: PageKey | undefined;
  for (;;) {
    const { sql, params } = pageSql(table, scope, after);
    const bytes = await store.queryJsonLines(sql, params);
    const rows = lineCount(bytes);
    if (rows === 0) return;
    yield { bytes, rows };
    if (rows < pageRows) return;
    after = lastKey(bytes);
  }
}
