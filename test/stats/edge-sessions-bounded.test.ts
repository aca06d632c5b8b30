// The edge lookup reads the sessions near each edge of a range, not every session of the timeout before it: a range
// ending now on a busy site used to read the last 30 minutes of sessions for every report (decision 0077).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { edgeSessions } from '../../src/stats/edge-sessions.query.js';
import { toClickHouseDateTime } from '../../src/stats/time-range.js';
import { openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';

const SITE = 7;
/** Sessions seeded per part, one every 30 ms: 20 minutes of a busy site in each of two parts (ten granules in all). */
const PER_PART = 40_000;
const STEP_MS = 30;
const START = Date.parse('2026-06-01T10:00:00Z');
const END = START + 2 * PER_PART * STEP_MS;
/**
 * Six granules of the engine's 8,192 rows: the four reads of a range's edges touch one or two each here. Bounded by
 * the edge less the 30-minute timeout, the previous lookup of the last three minutes had read 71,810 rows when the
 * limit stopped it.
 */
const ROWS_ALLOWED = 6 * 8192;

const text = (ms: number) => toClickHouseDateTime(new Date(ms));

describe('edge sessions on a busy site', () => {
  let db: StatsTestStore;

  beforeAll(async () => {
    db = await openStatsTestStore();
    // One-pageview sessions (session_start = first_at = last_at), written as two inserts (two parts); the second also
    // holds a session that began 2 minutes before the range's start and ran into it, and one running past its end.
    const crossing = `SELECT {site:UInt32}, {a:DateTime64(3, 'UTC')}, 900001, 1, {a:DateTime64(3, 'UTC')}, {b:DateTime64(3, 'UTC')}, 2
      UNION ALL SELECT {site:UInt32}, {c:DateTime64(3, 'UTC')}, 900002, 2, {c:DateTime64(3, 'UTC')}, {d:DateTime64(3, 'UTC')}, 2`;
    for (const part of [0, 1]) {
      await db.store.command(
        `INSERT INTO sessions (site_id, session_start, session_id, user_hash, first_at, last_at, pageviews)
         SELECT {site:UInt32}, t, {firstId:UInt64} + number, number, t, t, 1
         FROM (SELECT number, toDateTime64({from:String}, 3, 'UTC') + toIntervalMillisecond(number * {step:UInt32}) AS t FROM numbers({count:UInt32}))
         ${part === 1 ? `UNION ALL ${crossing}` : ''}`,
        {
          site: SITE, firstId: 1 + part * PER_PART, from: text(START + part * PER_PART * STEP_MS), step: STEP_MS, count: PER_PART,
          a: text(END - 5 * 60_000), b: text(END - 2 * 60_000), c: text(END - 60_000), d: text(END + 60_000),
        },
      );
    }
  });
  afterAll(async () => db.close());

  it('finds the crossing sessions of the last three minutes reading at most six granules', async () => {
    const limited: AnalyticsStore = Object.assign(Object.create(db.store) as AnalyticsStore, {
      query: <T,>(sql: string, params?: Readonly<Record<string, unknown>>) =>
        db.store.query<T>(`${sql} SETTINGS max_rows_to_read = ${ROWS_ALLOWED}, read_overflow_mode = 'throw'`, params),
    });
    const range = { from: new Date(END - 3 * 60_000), to: new Date(END), toInclusive: false, timeZone: 'UTC' };
    const edges = await edgeSessions(limited, SITE, range);
    expect(edges.map((edge) => edge.id).sort()).toEqual(['900001', '900002']);
    // The site holds far more than the limit: the limit is what holds the lookup near the edges.
    const [all] = await db.store.query<{ n: string }>(`SELECT count() AS n FROM sessions WHERE site_id = {site:UInt32}`, { site: SITE });
    expect(Number(all?.n)).toBe(2 * PER_PART + 2);
  });
});
