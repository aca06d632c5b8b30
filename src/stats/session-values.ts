// A session's value of a dimension (its own for channel / entry / exit page, else its first event's), read
// from a merged `sessions` row: the columns hold the value after its event's 23-character time.
import type { Dimension } from './dimensions.js';

const TIME_PREFIX = 23;
/** The value after the time; '' for the '~' (after every time) a column holds when no event qualified. */
const after = (column: string) => `substring(${column}, ${TIME_PREFIX + 1})`;

const FROM_SESSIONS_ROW: Readonly<Record<string, string>> = {
  referrer: after('first_referrer'),
  channel: `if(first_informative_channel = '~', ${after('first_channel')}, ${after('first_informative_channel')})`,
  utm_source: after('first_utm_source'),
  utm_medium: after('first_utm_medium'),
  utm_campaign: after('first_utm_campaign'),
  country: after('first_country'),
  browser: after('first_browser'),
  operating_system: after('first_operating_system'),
  device_type: after('first_device_type'),
  entry_page: after('entry_page'),
  exit_page: after('exit_page'),
};

/** The dimension's per-session value as an aggregate over the session's events. */
export function sessionValueOfEvents(dimension: Dimension): string {
  return dimension.level === 'session' ? dimension.expression.sql : `argMin(${dimension.expression.sql}, timestamp)`;
}

/** The same value over a merged `sessions` row, when the table keeps it. */
export function sessionValueOfSessionsRow(dimension: Dimension): string | undefined {
  return Object.hasOwn(FROM_SESSIONS_ROW, dimension.name) ? FROM_SESSIONS_ROW[dimension.name] : undefined;
}
