// The first and last event times of whole sessions, read from their `sessions` rows: what a report needs to
// compute a session crossing an edge of its range (or disagreeing on an attribute) from the session's events.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { SqlFragment } from './sql-fragment.js';

/** A session computed from its events: one crossing an edge of the range, or disagreeing on an attribute. */
export interface EdgeSession {
  id: string;
  /** First and last event of the whole session, ms. */
  first: number;
  last: number;
  /** The merged row's visitor hash (the smallest of the whole session's), as text; the edge lookup gives it. */
  visitor?: string;
  /** The session's start (ms) and whether its visitor link is its visitor's (decision 0085); the edge lookup gives them. */
  link?: { readonly start: number; readonly linked: boolean };
}

/** The first and last event times of the sessions whose `sessions` rows meet `rows`, over all those rows. */
export async function sessionSpans(store: AnalyticsStore, rows: SqlFragment): Promise<EdgeSession[]> {
  const spans = await store.query<{ id: string; first: string; last: string }>(
    `SELECT toString(session_id) AS id, toUnixTimestamp64Milli(min(first_at)) AS first, toUnixTimestamp64Milli(max(last_at)) AS last
     FROM sessions WHERE ${rows.sql} GROUP BY session_id`,
    rows.params,
  );
  return spans.map((span) => ({ id: span.id, first: spanInstant(span.first, span), last: spanInstant(span.last, span) }));
}

/** The greatest time a Date holds, ms either side of 1970 (ECMAScript's time value range). */
const LAST_DATE_MS = 8.64e15;

/**
 * A span's end as ms, refused loudly when the engine's answer is not a time: the windows built from it would
 * otherwise fail later as an invalid Date, far from the row that caused it.
 */
export function spanInstant(value: string, span: { id: string; first: string; last: string }): number {
  const ms = Number(value);
  if (!Number.isFinite(ms) || Math.abs(ms) > LAST_DATE_MS) throw new Error(`Session ${String(span.id)}: the engine answered a span that is not a time (first ${String(span.first)}, last ${String(span.last)})`);
  return ms;
}
