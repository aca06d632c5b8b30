// Autocaptured interactions (outbound clicks, button clicks, form submissions, copies) by value: the events
// page's tabs (`events/autocapture`) and the value suggestions of the goal and funnel forms (`events/autocapture-values`).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { GOAL_TARGETS } from '../../goals/index.js';
import { ACTION_EVENTS } from '../action-events.js';
import { utcSecondsSql } from '../response-time.js';

export const AUTOCAPTURE_TYPES = ['outbound', 'button_click', 'form_submit', 'copy'] as const;
export type AutocaptureType = (typeof AUTOCAPTURE_TYPES)[number];

/** At most this many values per answer of `autocaptureEvents`, and of `autocaptureValues`. */
export const AUTOCAPTURE_EVENTS_LIMIT = 1000;
export const AUTOCAPTURE_VALUES_LIMIT = 500;

/**
 * The properties an event's one display value is read from, first non-empty wins: a form submission is
 * shown by its name, else its id, else its action, so one submission counts once.
 */
const DISPLAY_PROPERTIES: Readonly<Record<AutocaptureType, readonly string[]>> = {
  outbound: ['url'],
  button_click: ['text'],
  form_submit: ['formName', 'formId', 'formAction'],
  copy: ['text'],
};

/** `JSONExtractString(props, {<prefix>_<i>:String})` per property name, with the names bound. */
function propertyReads(names: readonly string[], prefix: string): { readonly sql: string[]; readonly params: Record<string, string> } {
  return {
    sql: names.map((_, index) => `JSONExtractString(props, {${prefix}_${index}:String})`),
    params: Object.fromEntries(names.map((name, index) => [`${prefix}_${index}`, name])),
  };
}

/** Events of one type grouped by display value (empty values left out), most frequent first (ties by value), with the last occurrence. */
export async function autocaptureEvents(
  store: AnalyticsStore,
  query: StatsQuery,
  type: AutocaptureType,
): Promise<Array<{ value: string; count: number; lastOccurred: string }>> {
  const where = baseWhere(query);
  const reads = propertyReads(DISPLAY_PROPERTIES[type], 'display_prop');
  const value = reads.sql.length === 1 ? reads.sql.join('') : `coalesce(${reads.sql.map((read) => `nullIf(${read}, '')`).join(', ')}, '')`;
  const rows = await store.query<{ value: string; occurrences: string; last_occurred: string }>(
    `SELECT value, count() AS occurrences, ${utcSecondsSql('max(timestamp)')} AS last_occurred
     FROM (SELECT ${value} AS value, timestamp FROM ${ACTION_EVENTS} WHERE ${where.sql} AND type = {autocapture_type:String})
     WHERE value != ''
     GROUP BY value ORDER BY occurrences DESC, value LIMIT {row_limit:UInt32}`,
    { ...where.params, ...reads.params, autocapture_type: type, row_limit: AUTOCAPTURE_EVENTS_LIMIT },
  );
  return rows.map((row) => ({ value: row.value, count: Number(row.occurrences), lastOccurred: row.last_occurred }));
}

/**
 * The non-empty values of every property a goal of this type matches its pattern against (a form's name, id
 * and action each count), most frequent first (ties by value).
 */
export async function autocaptureValues(store: AnalyticsStore, query: StatsQuery, type: AutocaptureType): Promise<Array<{ value: string; count: number }>> {
  const where = baseWhere(query);
  const reads = propertyReads(GOAL_TARGETS[type].valueProperties, 'pattern_prop');
  const rows = await store.query<{ value: string; occurrences: string }>(
    `SELECT value, count() AS occurrences
     FROM (SELECT arrayJoin([${reads.sql.join(', ')}]) AS value FROM ${ACTION_EVENTS} WHERE ${where.sql} AND type = {autocapture_type:String})
     WHERE value != ''
     GROUP BY value ORDER BY occurrences DESC, value LIMIT {row_limit:UInt32}`,
    { ...where.params, ...reads.params, autocapture_type: type, row_limit: AUTOCAPTURE_VALUES_LIMIT },
  );
  return rows.map((row) => ({ value: row.value, count: Number(row.occurrences) }));
}
