// The users list's search box: people whose identified id, or latest trait username/name/email, holds the text.
import type { SqlFragment } from '../../stats/sql-fragment.js';

export const USER_SEARCH_FIELDS = ['username', 'name', 'email', 'user_id'] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];

export interface UserSearch {
  /** Compared case-insensitively as plain text (no wildcards). */
  readonly text: string;
  readonly field: UserSearchField;
}

/**
 * The events of identified people matching the search: `user_id` looks in the identified user id, the other
 * fields in that trait of the person's latest identify call. Anonymous people have neither, so never match.
 */
export function userSearchCondition(siteId: number, search: UserSearch): SqlFragment {
  if (search.field === 'user_id') {
    return {
      sql: "identified_user_id != '' AND positionCaseInsensitiveUTF8(identified_user_id, {user_search:String}) > 0",
      params: { user_search: search.text },
    };
  }
  return {
    sql: `identified_user_id IN (
      SELECT identified_user_id FROM user_identities WHERE site_id = {siteId:UInt32}
      GROUP BY identified_user_id
      HAVING positionCaseInsensitiveUTF8(JSONExtractString(argMax(traits, timestamp), {user_search_trait:String}), {user_search:String}) > 0)`,
    params: { siteId, user_search: search.text, user_search_trait: search.field },
  };
}
