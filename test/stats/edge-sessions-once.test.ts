// The sessions crossing a range's edge are looked up once per query (one request's), however many parts of the
// report read the session rows or the page visits; another query looks them up anew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { EDGE_SPAN_COLUMNS } from '../../src/stats/edge-sessions.query.js';
import { sessionRowsSql, sessionSplit } from '../../src/stats/session-rows.query.js';
import type { StatsQuery } from '../../src/stats/stats-query.js';
import { resolveTimeRange } from '../../src/stats/time-range.js';
import { openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';

/** The edge lookup's SQL (edge-sessions.query.ts): the one query that reads the merged sessions' spans. */
const EDGE_LOOKUP = EDGE_SPAN_COLUMNS;

describe('edge sessions once per query', () => {
  let db: StatsTestStore;
  let lookups = 0;
  let store: AnalyticsStore;

  beforeAll(async () => {
    db = await openStatsTestStore();
    const inner = db.store;
    store = {
      kind: inner.kind,
      query: <T,>(sql: string, params?: Readonly<Record<string, unknown>>) => {
        if (sql.includes(EDGE_LOOKUP)) lookups++;
        return inner.query<T>(sql, params);
      },
      queryJsonLines: (sql, params) => inner.queryJsonLines(sql, params),
      command: (sql, params) => inner.command(sql, params),
      insert: (table, rows, options) => inner.insert(table, rows, options),
      insertJsonEachRow: (table, payload, options) => inner.insertJsonEachRow(table, payload, options),
      insertTabSeparated: (table, columns, payload, options) => inner.insertTabSeparated(table, columns, payload, options),
      ping: () => inner.ping(),
      close: () => inner.close(),
    };
  });
  afterAll(async () => db.close());

  const queryOf = (): StatsQuery => ({ siteId: 1, range: resolveTimeRange({ start_date: '2026-03-10', end_date: '2026-03-11' }, new Date('2026-03-20T00:00:00Z')), filters: [] });

  it('looks them up once for the session rows and the page-visit split of one query, again for another', async () => {
    lookups = 0;
    const query = queryOf();
    await Promise.all([sessionRowsSql(store, query), sessionSplit(store, query)]);
    await sessionRowsSql(store, query);
    expect(lookups).toBe(1);
    await sessionRowsSql(store, queryOf());
    expect(lookups).toBe(2);
  });
});
