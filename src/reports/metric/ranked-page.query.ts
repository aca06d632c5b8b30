// One page of a ranked breakdown, with the totals over every row (row count, sum of counts, sum of pageviews).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import { pageWindow, type Paging } from '../report-paging.js';

export interface RankedTotals {
  /** Rows in the whole breakdown. */
  readonly rows: number;
  readonly countSum: number;
  readonly pageviewsSum: number;
}

interface TotalsColumns {
  readonly total_rows: string;
  readonly count_sum: string | number;
  readonly pageviews_sum: string | number;
}

const EMPTY_TOTALS: RankedTotals = { rows: 0, countSum: 0, pageviewsSum: 0 };

/**
 * Runs `grouped` (rows with numeric `count` and `pageviews` columns), ordered by `orderBy` (SQL chosen by
 * code), and returns the requested page. The totals are window aggregates over every grouped row, so
 * they cost no second scan; a page past the end re-reads them from the first row.
 */
export async function rankedPage<Row extends object>(
  store: AnalyticsStore,
  grouped: SqlFragment,
  orderBy: string,
  paging: Paging,
): Promise<{ rows: Row[]; totals: RankedTotals }> {
  const run = (limit: number, offset: number) =>
    store.query<Row & TotalsColumns>(
      `SELECT *, count() OVER () AS total_rows, sum(count) OVER () AS count_sum, sum(pageviews) OVER () AS pageviews_sum
       FROM (${grouped.sql})
       ORDER BY ${orderBy}
       LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}`,
      { ...grouped.params, page_limit: limit, page_offset: offset },
    );
  const { limit, offset } = pageWindow(paging);
  const rows = await run(limit, offset);
  const first = rows[0] ?? (offset > 0 ? (await run(1, 0))[0] : undefined);
  const totals = first
    ? { rows: Number(first.total_rows), countSum: Number(first.count_sum), pageviewsSum: Number(first.pageviews_sum) }
    : EMPTY_TOTALS;
  return { rows, totals };
}
