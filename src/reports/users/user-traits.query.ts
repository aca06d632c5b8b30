// User traits: the keys, the values of one key, and the users with one key/value, over each identified
// user's latest traits, for users with an event in range matching the filters.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { parseProps } from '../event-props.js';

/** Each identified user active in the query's range and filters, with their latest traits (JSON text). */
function latestTraitsSql(query: StatsQuery): SqlFragment {
  const where = baseWhere(query);
  return {
    sql: `SELECT identified_user_id AS trait_user, argMax(traits, timestamp) AS trait_json
      FROM user_identities
      WHERE site_id = {siteId:UInt32}
        AND identified_user_id IN (SELECT identified_user_id FROM events WHERE ${where.sql} AND identified_user_id != '')
      GROUP BY identified_user_id`,
    params: where.params,
  };
}

/** A trait's value as text: strings as they are, anything else as its JSON. */
const TRAIT_VALUE_SQL =
  "if(JSONType(trait_json, {trait_key:String}) = 'String', JSONExtractString(trait_json, {trait_key:String}), JSONExtractRaw(trait_json, {trait_key:String}))";

export interface TraitPage {
  readonly limit: number;
  readonly offset: number;
}

/** Trait keys with the number of users that have them, most common first. */
export async function traitKeys(store: AnalyticsStore, query: StatsQuery, page: TraitPage): Promise<Array<{ key: string; count: number }>> {
  const latest = latestTraitsSql(query);
  const rows = await store.query<{ trait: string; users: string }>(
    `SELECT trait, count() AS users FROM (${latest.sql}) ARRAY JOIN JSONExtractKeys(trait_json) AS trait
     GROUP BY trait ORDER BY users DESC, trait LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}`,
    { ...latest.params, page_limit: page.limit, page_offset: page.offset },
  );
  return rows.map((row) => ({ key: row.trait, count: Number(row.users) }));
}

/** The values of one trait with the number of users having each, most common first. */
export async function traitValues(store: AnalyticsStore, query: StatsQuery, key: string, page: TraitPage): Promise<Array<{ value: string; count: number }>> {
  const latest = latestTraitsSql(query);
  const rows = await store.query<{ trait_value: string; users: string }>(
    `SELECT ${TRAIT_VALUE_SQL} AS trait_value, count() AS users FROM (${latest.sql})
     WHERE JSONHas(trait_json, {trait_key:String})
     GROUP BY trait_value ORDER BY users DESC, trait_value LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}`,
    { ...latest.params, trait_key: key, page_limit: page.limit, page_offset: page.offset },
  );
  return rows.map((row) => ({ value: row.trait_value, count: Number(row.users) }));
}

/** The users whose trait `key` has `value` (compared as text, as traitValues shows it), by user id. */
export async function traitUsers(
  store: AnalyticsStore,
  query: StatsQuery,
  key: string,
  value: string,
  page: TraitPage,
): Promise<Array<{ user_id: string; traits: unknown }>> {
  const latest = latestTraitsSql(query);
  const rows = await store.query<{ trait_user: string; trait_json: string }>(
    `SELECT trait_user, trait_json FROM (${latest.sql})
     WHERE JSONHas(trait_json, {trait_key:String}) AND ${TRAIT_VALUE_SQL} = {trait_value:String}
     ORDER BY trait_user LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}`,
    { ...latest.params, trait_key: key, trait_value: value, page_limit: page.limit, page_offset: page.offset },
  );
  return rows.map((row) => ({ user_id: row.trait_user, traits: parseProps(row.trait_json) }));
}
