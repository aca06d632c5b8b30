// The sessions crossing an edge of a report's range, with their first and last event times: the sessions a report
// computes from their events, because the `sessions` rows of the range answer only for the sessions wholly inside it.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { SESSION_TIMEOUT_MS } from '../platform/shared-state/session-store.js';
import { spanInstant, type EdgeSession } from './session-spans.query.js';
import { allOf, mergeParams, type SqlFragment } from './sql-fragment.js';
import { timeRangeConditions, toClickHouseDateTime, type TimeRange } from './time-range.js';

const DT = "DateTime64(3, 'UTC')";

/**
 * Conditions on a column against the range's edges: `before` from, `after` to, and `within` the range.
 * Bound names: `range_from`, `range_to` (as everywhere), so they merge with the events' range condition.
 */
export function edgeConditions(range: TimeRange, column: string) {
  const from = range.from ? toClickHouseDateTime(range.from) : undefined;
  const to = range.to ? toClickHouseDateTime(range.to) : undefined;
  return {
    before: from === undefined ? undefined : { sql: `${column} < {range_from:${DT}}`, params: { range_from: from } },
    after: to === undefined ? undefined : { sql: `${column} ${range.toInclusive ? '>' : '>='} {range_to:${DT}}`, params: { range_to: to } },
    within: allOf(timeRangeConditions(range, column)),
  };
}

/**
 * A merged session row's id, first and last event (ms), visitor hash, start (ms) and whether its visitor link
 * (migration 0043) is the one of its visitor: the edge lookup's columns.
 */
export const EDGE_SPAN_COLUMNS = `toString(session_id) AS id, toUnixTimestamp64Milli(first_at) AS first, toUnixTimestamp64Milli(last_at) AS last,
  toString(user_hash) AS visitor, toString(toUnixTimestamp64Milli(session_start)) AS start, tupleElement(visitor_link, 2) = user_hash AS linked`;

/** `column` compared with an instant a session timeout away from `instant`, bound under `name`. */
function timeoutAway(column: string, operator: '<' | '>=', instant: Date, sign: 1 | -1, name: string): SqlFragment {
  return { sql: `${column} ${operator} {${name}:${DT}}`, params: { [name]: toClickHouseDateTime(new Date(instant.getTime() + sign * SESSION_TIMEOUT_MS)) } };
}

/**
 * The sessions with events both inside and outside the range (or that may have: a session that started
 * before the range and was still running at its start). Every row of a session shares its `session_start`
 * (the opening event's time), so `FINAL` merges all of a session's rows into one, whose `first_at` and
 * `last_at` are the session's first and last event; a session whose start is inside the range, and whose
 * merged row begins and ends inside it, lies wholly inside. Events of a session are never more than the
 * session timeout before its opening event, which bounds the sessions that start just after the range.
 *
 * Up to four reads in one statement, two per edge, each bounded by the sorting key (the start) and by the min-max
 * indexes on `last_at` and `first_at` as tightly as its own condition allows:
 * - at the range's start, the sessions that started before it and ran into it (the `last_at` index skips every
 *   granule of sessions that ended before the start), and those that started in its first timeout with an earlier
 *   event (the `first_at` index, migration 0042, skips the granules without one);
 * - at its end, the sessions that started inside it and ran past it (the index skips every granule of sessions
 *   that ended before the end: all of them when the range ends now), and those that started in the timeout after
 *   it with an event before its end.
 * One read per edge with both ways in an OR could bound `last_at` only by the edge less the timeout, so a range
 * ending now read the last timeout's sessions (30 minutes of them) for every report (decision 0077). A session
 * found twice is listed once. A session that started after the range is listed when its first event is before the
 * range's end and its last not before its start: one without events inside the range has no events for a report to
 * read, so it changes no answer.
 */
export async function edgeSessions(store: AnalyticsStore, siteId: number, range: TimeRange): Promise<EdgeSession[]> {
  if (!range.from && !range.to) return [];
  const start = edgeConditions(range, 'session_start');
  const first = edgeConditions(range, 'first_at');
  const last = edgeConditions(range, 'last_at');
  // Ran into the range: its last event at or after the range's start (as a condition on a merged row).
  const ranInto = range.from ? [{ sql: `last_at >= {range_from:${DT}}`, params: {} }] : [];
  const reads: SqlFragment[] = [];
  if (range.from && start.before && first.before) {
    reads.push(allOf([start.before, ...ranInto]));
    reads.push(
      allOf([
        start.within,
        timeoutAway('session_start', '<', range.from, 1, 'edge_early_start'),
        first.before,
        timeoutAway('last_at', '>=', range.from, -1, 'edge_early_end'),
      ]),
    );
  }
  if (range.to && start.after && last.after) {
    const firstBeforeEnd = { sql: `first_at ${range.toInclusive ? '<=' : '<'} {range_to:${DT}}`, params: {} };
    reads.push(allOf([start.within, last.after]));
    reads.push(
      allOf([
        start.after,
        timeoutAway('session_start', '<', range.to, 1, 'edge_late_start'),
        firstBeforeEnd,
        ...ranInto,
        timeoutAway('last_at', '>=', range.to, -1, 'edge_late_end'),
      ]),
    );
  }
  const selects = reads.map((read) => `SELECT ${EDGE_SPAN_COLUMNS} FROM sessions FINAL WHERE site_id = {siteId:UInt32} AND ${read.sql}`);
  const spans = await store.query<{ id: string; first: string; last: string; visitor: string; start: string; linked: number }>(
    `SELECT DISTINCT * FROM (${selects.join(' UNION ALL ')})`,
    { siteId, ...mergeParams(reads) },
  );
  return spans.map((span) => ({
    id: span.id,
    first: spanInstant(span.first, span),
    last: spanInstant(span.last, span),
    visitor: span.visitor,
    link: { start: Number(span.start), linked: span.linked === 1 },
  }));
}
