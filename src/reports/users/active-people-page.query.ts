// The users list's page when it lists everyone active in the range (no filter, search or "identified only"),
// sorted by a figure the activity rows hold (stats/user-days.ts): a row per person and UTC day, not every event.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { TimeRange } from '../../stats/time-range.js';
import { userActivityRows } from '../../stats/user-days.js';
import { rangeInterval } from '../../stats/user-quarters.js';
import type { UserSort } from './user-fields.query.js';

const DAY_MS = 86_400_000;

/** The sort keys the activity rows hold, over their columns. */
const ACTIVITY_SORT_SQL: Readonly<Partial<Record<UserSort, string>>> = {
  last_seen: 'max(l)',
  first_seen: 'min(f)',
  pageviews: 'sum(pv)',
  events: 'sum(ce)',
};

export interface PageRequest {
  readonly sortBy: UserSort;
  readonly sortOrder: 'asc' | 'desc';
  readonly page: number;
  readonly pageSize: number;
}

/** The page's people (their key hashes, in order) and how many people the list holds. */
export interface PeoplePage {
  readonly hashes: readonly bigint[];
  readonly total: number;
}

/** Whether the activity rows hold the sort key. */
export function sortsByActivity(sortBy: UserSort): boolean {
  return ACTIVITY_SORT_SQL[sortBy] !== undefined;
}

/** Days, besides the UTC day at the range's end (or start), the narrowed reads take in turn before the whole range. */
const NARROWING_DAYS = [0, 3, 15] as const;

/**
 * The stretches of the range read in turn for a page sorted by last seen, newest first (from the range's end
 * back) or by first seen, oldest first (from its start on), ending with the range itself. The page's people are
 * among those active in the first stretch that holds as many people as the page needs: when that many people were
 * seen in `[since, end)`, the page's last one was seen at `since` or later, and so was everyone sorted before them
 * or tied with them; likewise with first seen before `until`. Other sorts, and open ranges, read the whole range.
 */
export function narrowedRanges(range: TimeRange, request: Pick<PageRequest, 'sortBy' | 'sortOrder'>): TimeRange[] {
  const { from, to } = rangeInterval(range);
  const stretches: TimeRange[] = [];
  if (request.sortBy === 'last_seen' && request.sortOrder === 'desc' && to !== undefined) {
    const lastDay = Math.floor((to - 1) / DAY_MS) * DAY_MS;
    for (const days of NARROWING_DAYS) {
      const since = lastDay - days * DAY_MS;
      if (from === undefined || since > from) stretches.push({ ...range, from: new Date(since) });
    }
  }
  if (request.sortBy === 'first_seen' && request.sortOrder === 'asc' && from !== undefined) {
    const firstDayEnd = Math.floor(from / DAY_MS) * DAY_MS + DAY_MS;
    for (const days of NARROWING_DAYS) {
      const until = firstDayEnd + days * DAY_MS;
      if (to === undefined || until < to) stretches.push({ ...range, to: new Date(until), toInclusive: false });
    }
  }
  return [...stretches, range];
}

/** Everyone active in the range, sorted and paged, with the number of people in `range` when `counted`. */
function pageSql(siteId: number, range: TimeRange, request: PageRequest, counted: boolean) {
  const rows = userActivityRows(siteId, range, 'person');
  const direction = request.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return {
    sql: `SELECT uk AS user_hash${counted ? ', count() OVER () AS people' : ''}
      FROM (${rows.sql}) GROUP BY uk
      ORDER BY ${ACTIVITY_SORT_SQL[request.sortBy] ?? 'max(l)'} ${direction}, uk ${direction}
      LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}`,
    params: { ...rows.params, page_limit: request.pageSize, page_offset: (request.page - 1) * request.pageSize },
  };
}

/**
 * The page of everyone active in the range, sorted by a key the activity rows hold (`sortsByActivity`). The
 * number of people is a distinct count of the rows; the page comes from the narrowest stretch that holds
 * enough people (`narrowedRanges`): the newest people of a month are found among the last day's.
 */
export async function activePeoplePage(store: AnalyticsStore, siteId: number, range: TimeRange, request: PageRequest): Promise<PeoplePage> {
  const everyone = userActivityRows(siteId, range, 'person');
  const [counted] = await store.query<{ total: string }>(`SELECT uniqExact(uk) AS total FROM (${everyone.sql})`, everyone.params);
  const total = Number(counted?.total ?? 0);
  const wanted = request.page * request.pageSize;
  if (wanted - request.pageSize >= total) return { hashes: [], total };
  const stretches = wanted > total ? [range] : narrowedRanges(range, request);
  for (const [index, stretch] of stretches.entries()) {
    const whole = index === stretches.length - 1;
    const page = pageSql(siteId, stretch, request, !whole);
    const rows = await store.query<{ user_hash: string; people?: string }>(page.sql, page.params);
    if (whole || Number(rows[0]?.people ?? 0) >= wanted) return { hashes: rows.map((row) => BigInt(row.user_hash)), total };
  }
  return { hashes: [], total };
}
