// One user's sessions per local day: the user page's activity calendar.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { siteScopeSql } from '../../stats/site-scope.js';
import { allOf } from '../../stats/sql-fragment.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { personSql } from './user-fields.query.js';

export interface UserSessionDay {
  date: string;
  sessions: number;
}

/**
 * The days (YYYY-MM-DD in the query's time zone) on which the user known as `userId` (identified id, else
 * anonymous visitor id) had events, with their distinct sessions, oldest first; the time range applies
 * (none: all time), filters do not. No events: an empty list.
 */
export async function userSessionCount(store: AnalyticsStore, query: StatsQuery, userId: string): Promise<UserSessionDay[]> {
  const where = allOf([siteScopeSql(query.siteId, query.range), { sql: personSql('user_key'), params: { user_key: userId } }]);
  const rows = await store.query<{ date: string; sessions: string }>(
    `SELECT toString(toDate(timestamp, {day_tz:String})) AS date, toString(uniqExact(session_id)) AS sessions
     FROM events WHERE ${where.sql} GROUP BY date ORDER BY date`,
    { ...where.params, day_tz: query.range.timeZone },
  );
  return rows.map((row) => ({ date: row.date, sessions: Number(row.sessions) }));
}
