// The fields of a session row: one SQL aggregate per field over a session's events, and the row they make.
import { findDimension } from '../../stats/dimensions.js';
import { utcSecondsSql } from '../response-time.js';

/** The catalog's session-level expression of a dimension (channel, entry_page, exit_page). */
function sessionDimension(name: string): string {
  const dimension = findDimension(name);
  if (!dimension || dimension.level !== 'session') throw new Error(`${name} is not a session dimension`);
  return dimension.expression.sql;
}

const first = (column: string) => `argMin(${column}, timestamp)`;

/**
 * [output name, kind, aggregate over one session's events]. The device, place and referrer are the
 * session's first event's; the channel is the first other than Direct/Internal (else the first);
 * entry and exit are the first and last pageview's pathname; `events` counts custom events.
 */
export const SESSION_FIELDS = [
  ['session_id', 'text', 'toString(session_id)'],
  ['user_id', 'text', first('user_id')],
  ['identified_user_id', 'text', 'max(identified_user_id)'],
  ['country', 'text', first('country')],
  ['region', 'text', first('region')],
  ['city', 'text', first('city')],
  ['language', 'text', first('language')],
  ['device_type', 'text', first('device_type')],
  ['browser', 'text', first('browser')],
  ['browser_version', 'text', first('browser_version')],
  ['operating_system', 'text', first('operating_system')],
  ['operating_system_version', 'text', first('operating_system_version')],
  ['screen_width', 'number', first('screen_width')],
  ['screen_height', 'number', first('screen_height')],
  ['referrer', 'text', first('referrer')],
  ['channel', 'text', sessionDimension('channel')],
  ['hostname', 'text', first('hostname')],
  ['session_start', 'text', utcSecondsSql('min(timestamp)')],
  ['session_end', 'text', utcSecondsSql('max(timestamp)')],
  ['session_duration', 'number', "dateDiff('millisecond', min(timestamp), max(timestamp)) / 1000"],
  ['entry_page', 'text', sessionDimension('entry_page')],
  ['exit_page', 'text', sessionDimension('exit_page')],
  ['pageviews', 'number', "countIf(type = 'pageview')"],
  ['events', 'number', "countIf(type = 'custom_event')"],
  ['errors', 'number', "countIf(type = 'error')"],
] as const;

type Field = (typeof SESSION_FIELDS)[number];

export type SessionRow = { [F in Field as F[0]]: F[1] extends 'number' ? number : string };

/**
 * The select list, inside `GROUP BY session_id`. Aliases carry a `s_` prefix: ClickHouse resolves
 * SELECT aliases in WHERE, so an alias named like a column (country) would capture the filters.
 */
export const SESSION_FIELDS_SQL = SESSION_FIELDS.map(([name, , sql]) => `${sql} AS s_${name}`).join(',\n    ');

/** A result row of SESSION_FIELDS_SQL as the API returns it (64-bit counts arrive as strings). */
export function toSessionRow(raw: Readonly<Record<string, unknown>>): SessionRow {
  const row: Record<string, string | number> = {};
  for (const [name, kind] of SESSION_FIELDS) {
    const value = raw[`s_${name}`];
    row[name] = kind === 'number' ? Number(value ?? 0) : String(value ?? '');
  }
  return row as SessionRow;
}
