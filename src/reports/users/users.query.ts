// The users list: people with an event matching the filters, sorted and paged, with their figures and traits.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { siteScopeSql } from '../../stats/site-scope.js';
import { allOf, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, filterWhere, type StatsQuery } from '../../stats/stats-query.js';
import { activePeoplePage, sortsByActivity } from './active-people-page.query.js';
import { userSearchCondition, type UserSearch } from './user-search.js';
import { latestTraits, toUserRow, USER_FIELDS_SQL, USER_HASH_SQL, USER_SORT_SQL, type UserRow, type UserSort } from './user-fields.query.js';

export interface UserListOptions {
  readonly page: number;
  readonly pageSize: number;
  readonly sortBy: UserSort;
  readonly sortOrder: 'asc' | 'desc';
  /** Only people known by an identified user id. */
  readonly identifiedOnly: boolean;
  /** Only identified people whose id or a trait holds a text (the search box). */
  readonly search?: UserSearch | undefined;
}

export interface UserList {
  data: UserRow[];
  totalCount: number;
  page: number;
  pageSize: number;
}

/** The people an identified user id names (their events all carry it; anonymous people's events carry none). */
const IDENTIFIED: SqlFragment = { sql: "identified_user_id != ''", params: {} };

/**
 * Users (identified id, else anonymous visitor id) with at least one event matching the filters; their
 * figures cover all their events in the site and time range. Two passes: the page's people (and how many
 * people there are), then only the page's users are aggregated. Everyone active in the range, sorted by a
 * key the activity rows hold, comes from them (active-people-page.query.ts); filters, a search, identified
 * people only or the sessions sort group the events, each person's sort key kept when one of their events
 * matches the filters.
 */
export async function listUsers(store: AnalyticsStore, query: StatsQuery, options: UserListOptions): Promise<UserList> {
  const people = allOf([
    options.identifiedOnly ? IDENTIFIED : ALWAYS_TRUE,
    options.search === undefined ? ALWAYS_TRUE : userSearchCondition(query.siteId, options.search),
  ]);
  const scope = allOf([siteScopeSql(query.siteId, query.range), people]);
  const everyone = query.filters.length === 0 && !options.identifiedOnly && options.search === undefined && sortsByActivity(options.sortBy);
  const page = everyone ? await activePeoplePage(store, query.siteId, query.range, options) : await matchingPeoplePage(store, query, options, scope);
  const paging = { page: options.page, pageSize: options.pageSize };
  if (page.hashes.length === 0) {
    const totalCount = page.total ?? (options.page === 1 ? 0 : await countUsers(store, allOf([baseWhere(query), people])));
    return { data: [], totalCount, ...paging };
  }
  return { data: await usersByHash(store, query.siteId, scope, page.hashes), totalCount: page.total ?? 0, ...paging };
}

/** The page's people with an event matching the filters, from their events; the total comes with a row of the page. */
async function matchingPeoplePage(store: AnalyticsStore, query: StatsQuery, options: UserListOptions, scope: SqlFragment): Promise<{ hashes: bigint[]; total: number | undefined }> {
  const direction = options.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const filters = filterWhere(query);
  const matching = filters.sql === ALWAYS_TRUE.sql ? '' : ` HAVING countIf(${filters.sql}) > 0`;
  const rows = await store.query<{ user_hash: string; total: string }>(
    `SELECT ${USER_HASH_SQL} AS user_hash, count() OVER () AS total
     FROM events
     WHERE ${scope.sql}
     GROUP BY user_hash${matching}
     ORDER BY ${USER_SORT_SQL[options.sortBy]} ${direction}, user_hash ${direction}
     LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}`,
    { ...filters.params, ...scope.params, page_limit: options.pageSize, page_offset: (options.page - 1) * options.pageSize },
  );
  return { hashes: rows.map((row) => BigInt(row.user_hash)), total: rows[0] ? Number(rows[0].total) : undefined };
}

/** Users with a matching event; only needed when the page lies past the end. */
async function countUsers(store: AnalyticsStore, selection: SqlFragment): Promise<number> {
  const rows = await store.query<{ total: string }>(`SELECT uniqExact(${USER_HASH_SQL}) AS total FROM events WHERE ${selection.sql}`, selection.params);
  return Number(rows[0]?.total ?? 0);
}

/** The rows of the given users, in the given order, with traits. */
async function usersByHash(store: AnalyticsStore, siteId: number, scope: SqlFragment, hashes: readonly bigint[]): Promise<UserRow[]> {
  const rows = await store.query<Record<string, unknown> & { user_hash: string }>(
    `SELECT ${USER_HASH_SQL} AS user_hash, ${USER_FIELDS_SQL}
     FROM events
     PREWHERE ${USER_HASH_SQL} IN {page_users:Array(UInt64)}
     WHERE ${scope.sql}
     GROUP BY user_hash`,
    { ...scope.params, page_users: hashes },
  );
  const byHash = new Map(rows.map((row) => [row.user_hash, row]));
  const ordered = hashes.flatMap((hash) => byHash.get(hash.toString()) ?? []);
  const traits = await latestTraits(store, siteId, ordered.map((row) => String(row.u_identified_user_id ?? '')));
  return ordered.map((row) => toUserRow(row, traits));
}
