// The fields of a user row: aggregates over one person's events, keyed like the user_id filter, plus their traits.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { findDimension } from '../../stats/dimensions.js';
import { parseProps } from '../event-props.js';
import { utcSecondsSql } from '../response-time.js';

function userKeySql(): string {
  const dimension = findDimension('user_id');
  if (!dimension) throw new Error('user_id is missing from the dimension catalog');
  return dimension.expression.sql;
}

/** The id a person is known by: the identified id when set, else the anonymous visitor id (as the user_id filter). */
export const USER_KEY_SQL = userKeySql();

/** The key hashed to a UInt64, as computed on every insert (`events.user_key_hash`, analytics migration 0010). */
export const USER_HASH_EXPRESSION = `cityHash64(${USER_KEY_SQL})`;

/** The stored hash of the key: grouping on it, or finding a person by it, reads eight bytes per event. */
export const USER_HASH_SQL = 'user_key_hash';

/** One person's events: by the stored hash first (cheap), then by the key itself (no collision can leak). */
export function personSql(param: string): string {
  return `${USER_HASH_SQL} = cityHash64({${param}:String}) AND ${USER_KEY_SQL} = {${param}:String}`;
}

const latest = (column: string) => `argMax(${column}, timestamp)`;

/** The catalog's channel of a group of events: the first informative channel (Rybbit's rule for a user row too). */
function channelSql(): string {
  const dimension = findDimension('channel');
  if (!dimension) throw new Error('channel is missing from the dimension catalog');
  return dimension.expression.sql;
}

/**
 * [output name, kind, aggregate over one user's events]; device and place are the latest event's; events = custom
 * events; referrer is the first non-empty one in the period and channel the first informative one (Rybbit's rows).
 */
export const USER_FIELDS = [
  ['user_id', 'text', `any(${USER_KEY_SQL})`],
  ['identified_user_id', 'text', 'any(identified_user_id)'],
  ['first_seen', 'text', utcSecondsSql('min(timestamp)')],
  ['last_seen', 'text', utcSecondsSql('max(timestamp)')],
  ['sessions', 'number', 'uniqExact(session_id)'],
  ['pageviews', 'number', "countIf(type = 'pageview')"],
  ['events', 'number', "countIf(type = 'custom_event')"],
  ['country', 'text', latest('country')],
  ['device_type', 'text', latest('device_type')],
  ['browser', 'text', latest('browser')],
  ['operating_system', 'text', latest('operating_system')],
  ['referrer', 'text', "argMinIf(referrer, timestamp, referrer != '')"],
  ['channel', 'text', channelSql()],
] as const;

type Field = (typeof USER_FIELDS)[number];

export type UserRow = { [F in Field as F[0]]: F[1] extends 'number' ? number : string } & { traits: unknown };

export const USER_SORTS = ['last_seen', 'first_seen', 'pageviews', 'sessions', 'events'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The aggregate each sort orders by. */
export const USER_SORT_SQL: Readonly<Record<UserSort, string>> = {
  last_seen: 'max(timestamp)',
  first_seen: 'min(timestamp)',
  pageviews: "countIf(type = 'pageview')",
  sessions: 'uniqExact(session_id)',
  events: "countIf(type = 'custom_event')",
};

/** The select list inside a GROUP BY on the user; aliases are prefixed so they never shadow a column in WHERE. */
export const USER_FIELDS_SQL = USER_FIELDS.map(([name, , sql]) => `${sql} AS u_${name}`).join(',\n    ');

/** A result row of USER_FIELDS_SQL with the user's traits (null when never identified with traits). */
export function toUserRow(raw: Readonly<Record<string, unknown>>, traits: ReadonlyMap<string, unknown>): UserRow {
  const row: Record<string, unknown> = {};
  for (const [name, kind] of USER_FIELDS) {
    const value = raw[`u_${name}`];
    row[name] = kind === 'number' ? Number(value ?? 0) : String(value ?? '');
  }
  row.traits = traits.get(String(row.identified_user_id ?? '')) ?? null;
  return row as UserRow;
}

/** The latest traits (by identify time) of each identified user id given, parsed. */
export async function latestTraits(store: AnalyticsStore, siteId: number, identifiedIds: readonly string[]): Promise<Map<string, unknown>> {
  const ids = identifiedIds.filter((id) => id !== '');
  if (ids.length === 0) return new Map();
  const rows = await store.query<{ t_user: string; t_traits: string }>(
    `SELECT identified_user_id AS t_user, argMax(traits, timestamp) AS t_traits
     FROM user_identities
     WHERE site_id = {siteId:UInt32} AND identified_user_id IN {trait_users:Array(String)}
     GROUP BY identified_user_id`,
    { siteId, trait_users: ids },
  );
  return new Map(rows.map((row) => [row.t_user, parseProps(row.t_traits)]));
}
