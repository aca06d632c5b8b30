// One user: their figures and traits, and their most recent sessions.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { NotFoundError } from '../../platform/http/app-errors.js';
import { siteScopeSql } from '../../stats/site-scope.js';
import { allOf, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { listSessions, newestOfSessions } from '../sessions/sessions.query.js';
import type { SessionRow } from '../sessions/session-fields.js';
import { latestTraits, personSql, toUserRow, USER_FIELDS_SQL, USER_KEY_SQL, type UserRow } from './user-fields.js';

/** How many of a user's sessions the detail lists, newest first. */
export const USER_RECENT_SESSIONS = 100;

/** Up to this many sessions, a user's candidate sessions are collected with their figures. */
const CANDIDATE_LIMIT = 1000;

/** The list row with `sessions` replaced by the newest sessions themselves; their number moves to `session_count`. */
export type UserDetail = Omit<UserRow, 'sessions'> & { session_count: number; sessions: SessionRow[] };

/**
 * The user known as `userId` (identified id, else anonymous visitor id): figures over their events in the
 * site and time range, and their newest sessions. 404 without an event in range matching the filters.
 */
export async function userDetail(store: AnalyticsStore, query: StatsQuery, userId: string): Promise<UserDetail> {
  const scope = siteScopeSql(query.siteId, query.range);
  const selection = baseWhere(query);
  const person: SqlFragment = { sql: personSql('user_key'), params: { user_key: userId } };
  const matching: SqlFragment =
    selection.sql === scope.sql
      ? ALWAYS_TRUE
      : { sql: `${USER_KEY_SQL} IN (SELECT ${USER_KEY_SQL} FROM events WHERE ${selection.sql} AND ${person.sql})`, params: selection.params };
  const where = allOf([scope, person, matching]);
  // The same pass collects the ids of the sessions the list may show (those with an event matching the
  // filters): for all but the busiest users that is every candidate, and the list needs one more scan only.
  const limit = CANDIDATE_LIMIT + 1;
  const candidatesSql =
    selection.sql === scope.sql ? `groupUniqArray(${limit})(session_id)` : `groupUniqArrayIf(${limit})(session_id, ${selection.sql})`;
  const [raw] = await store.query<Record<string, unknown>>(
    `SELECT ${USER_FIELDS_SQL}, arrayMap(id -> toString(id), ${candidatesSql}) AS u_candidates
     FROM events WHERE ${where.sql} GROUP BY ${USER_KEY_SQL}`,
    { ...where.params, ...selection.params },
  );
  if (!raw) throw new NotFoundError('User not found');
  const traits = await latestTraits(store, query.siteId, [String(raw.u_identified_user_id ?? '')]);
  const candidates = Array.isArray(raw.u_candidates) ? raw.u_candidates.map((id) => BigInt(String(id))) : [];
  const sessions =
    candidates.length <= CANDIDATE_LIMIT
      ? await newestOfSessions(store, query, candidates, USER_RECENT_SESSIONS)
      : await listSessions(store, query, { limit: USER_RECENT_SESSIONS, offset: 0 }, person);
  const { sessions: sessionCount, ...user } = toUserRow(raw, traits);
  return { ...user, session_count: sessionCount, sessions };
}
