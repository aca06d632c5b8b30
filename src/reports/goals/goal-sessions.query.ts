// The sessions that converted a goal: those the goals report counts, as rows of the sessions list.
import type { Goal } from '../../goals/index.js';
import { goalConditionSql } from '../../goals/index.js';
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import type { SessionRow } from '../sessions/session-fields.js';
import { listSessions, type SessionPage } from '../sessions/sessions.query.js';

/**
 * Sessions with an event that matches both the filters and the goal, newest start first; their fields
 * cover all their events in the site and time range, as in the sessions list.
 */
export async function goalSessions(store: AnalyticsStore, query: StatsQuery, goal: Goal, page: SessionPage): Promise<SessionRow[]> {
  return listSessions(store, query, page, goalConditionSql(goal, 'goal_'));
}
