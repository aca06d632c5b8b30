// The sessions list's own narrowing parameters (user_id, session_id, identified_only, min_pageviews, min_events, min_duration) and their SQL.
import { z } from 'zod';
import { allOf, ALWAYS_FALSE, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { optionalIntegerParam } from '../integer-param.js';
import { parseSessionId } from './session-detail.query.js';

const optionalText = (max: number) => z.preprocess((value) => (value === '' ? undefined : value), z.string().max(max).optional());

/** Spread into the report's `params`. */
export const sessionListFilterParams = {
  user_id: optionalText(255).describe("only this person's sessions: matches the visitor id or the identified user id"),
  session_id: optionalText(40).describe('only this session (a decimal id; any other text matches nothing)'),
  identified_only: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false']).default('false'))
    .describe('true: only sessions of identified users'),
  min_pageviews: optionalIntegerParam(0, 1_000_000_000).describe('only sessions with at least this many pageviews'),
  min_events: optionalIntegerParam(0, 1_000_000_000).describe('only sessions with at least this many custom events'),
  min_duration: optionalIntegerParam(0, 1_000_000_000).describe('only sessions lasting at least this many seconds (first to last event)'),
};

export interface SessionListFilters {
  readonly user_id?: string | undefined;
  readonly session_id?: string | undefined;
  readonly identified_only: 'true' | 'false';
  readonly min_pageviews?: number | undefined;
  readonly min_events?: number | undefined;
  readonly min_duration?: number | undefined;
}

/** Conditions on events: a session is listed when one of its events meets them (each session has one person). */
export function sessionEventConditions(filters: SessionListFilters): SqlFragment {
  const parts: SqlFragment[] = [];
  if (filters.user_id !== undefined) {
    parts.push({ sql: '(user_id = {list_user:String} OR identified_user_id = {list_user:String})', params: { list_user: filters.user_id } });
  }
  if (filters.session_id !== undefined) {
    const id = parseSessionId(filters.session_id);
    parts.push(id === undefined ? ALWAYS_FALSE : { sql: 'session_id = {list_session:UInt64}', params: { list_session: id } });
  }
  if (filters.identified_only === 'true') parts.push({ sql: "identified_user_id != ''", params: {} });
  return allOf(parts);
}

/** Conditions on a session's aggregates (inside `GROUP BY session_id`), over all its events in range. */
export function sessionAggregateConditions(filters: SessionListFilters): SqlFragment {
  const parts: SqlFragment[] = [];
  if (filters.min_pageviews !== undefined) {
    parts.push({ sql: "countIf(type = 'pageview') >= {min_pageviews:UInt64}", params: { min_pageviews: filters.min_pageviews } });
  }
  if (filters.min_events !== undefined) {
    parts.push({ sql: "countIf(type = 'custom_event') >= {min_events:UInt64}", params: { min_events: filters.min_events } });
  }
  if (filters.min_duration !== undefined) {
    parts.push({ sql: "dateDiff('millisecond', min(timestamp), max(timestamp)) >= {min_duration_ms:UInt64}", params: { min_duration_ms: filters.min_duration * 1000 } });
  }
  return parts.length === 0 ? ALWAYS_TRUE : allOf(parts);
}
