// Per-session columns a report may add to the session rows (stats/session-rows.query.ts), as an aggregate over the
// session's events and, when the `sessions` table keeps it, over a merged row. A dimension's value (its own
// for channel / entry / exit page, else its first event's) is kept after its event's 23-character time.
import type { QueryParams } from '../platform/analytics-store/analytics-store.js';
import type { Dimension } from './dimensions.js';

export interface SessionColumn {
  readonly alias: string;
  /** An aggregate over the session's events. */
  readonly events: string;
  /** The same over a merged `sessions` row; undefined when the table does not keep it. */
  readonly sessions: string | undefined;
  /**
   * True when the row's value is right only for a session whose events agree on the visitor attributes (a
   * column of migration 0009 keeps their largest value, not the first event's): the others are computed
   * from their events, as for a filter on such an attribute.
   */
  readonly needsAgreement?: boolean;
  /**
   * For a column mixing values right for every session with values right only for agreeing ones (several
   * breakdowns in one pass): `sessions` gives NULL for the latter in a disagreeing row, and this aggregate over
   * a disagreeing session's events gives them (NULL for the others, which its row already answers).
   */
  readonly disagreeingEvents?: string;
  readonly params: QueryParams;
}

const TIME_PREFIX = 23;
/** The value after the time; '' for the '~' (after every time) a column holds when no event qualified. */
const after = (column: string) => `substring(${column}, ${TIME_PREFIX + 1})`;

/**
 * The value of a (time, value) twin of such a column (migration 0036: the same `min`, cheaper to read). A '~'
 * becomes the largest time with '', so the value is '' as after('~') is.
 */
const valueOf = (column: string) => `tupleElement(${column}, 2)`;
const NO_EVENT_TIME = "toDateTime64('2299-12-31 23:59:59.999', 3, 'UTC')";

const FROM_SESSIONS_ROW: Readonly<Record<string, string>> = {
  referrer: after('first_referrer'),
  channel: `if(tupleElement(first_informative_channel_by_time, 1) = ${NO_EVENT_TIME}, ${valueOf('first_channel_by_time')}, ${valueOf('first_informative_channel_by_time')})`,
  utm_source: after('first_utm_source'),
  utm_medium: after('first_utm_medium'),
  utm_campaign: after('first_utm_campaign'),
  country: valueOf('first_country_by_time'),
  browser: valueOf('first_browser_by_time'),
  operating_system: after('first_operating_system'),
  device_type: after('first_device_type'),
  entry_page: after('entry_page'),
  exit_page: after('exit_page'),
  hostname: valueOf('first_hostname_by_time'),
};

/** Visitor attributes of migration 0009: the session's value when its events agree on them. */
const AGREEING_ATTRIBUTES: ReadonlySet<string> = new Set(['region', 'city', 'browser_version', 'operating_system_version', 'language']);

/** `value`: the session's value of the dimension. */
export function sessionValue(dimension: Dimension): SessionColumn {
  const events = dimension.level === 'session' ? dimension.expression.sql : `argMin(${dimension.expression.sql}, timestamp)`;
  const { params } = dimension.expression;
  if (AGREEING_ATTRIBUTES.has(dimension.name)) return { alias: 'value', events, sessions: `toString(${dimension.name})`, needsAgreement: true, params };
  return { alias: 'value', events, sessions: Object.hasOwn(FROM_SESSIONS_ROW, dimension.name) ? FROM_SESSIONS_ROW[dimension.name] : undefined, params };
}

/** `pages`: the paths the session viewed and their pageviews, as (paths, counts) arrays. */
export const SESSION_PAGES: SessionColumn = {
  alias: 'pages',
  events: "sumMapIf(([pathname], [toUInt64(1)]), type = 'pageview')",
  sessions: 'pages',
  params: {},
};

/** `titled_pages`: the (title, path) pairs the session viewed and their pageviews, as (pairs, counts) arrays. */
export const SESSION_TITLED_PAGES: SessionColumn = {
  alias: 'titled_pages',
  events: "sumMapIf(([(page_title, pathname)], [toUInt64(1)]), type = 'pageview')",
  sessions: 'titled_pages',
  params: {},
};

/** `event_names`: the custom event names of the session and their occurrences, as (names, counts) arrays. */
export const SESSION_EVENT_NAMES: SessionColumn = {
  alias: 'event_names',
  events: "sumMapIf(([toString(event_name)], [toUInt64(1)]), type = 'custom_event')",
  sessions: 'event_names',
  params: {},
};

/** `journey`: the session's pageviews as (time, path) pairs, in no particular order (sort them). */
export const SESSION_JOURNEY: SessionColumn = {
  alias: 'journey',
  events: "groupArrayIf((timestamp, toString(pathname)), type = 'pageview')",
  sessions: 'journey',
  params: {},
};

/** `engaged`: the session's engaged milliseconds, the sum of its engagement events (the `sessions` table keeps it). */
export const SESSION_ENGAGED_MS: SessionColumn = {
  alias: 'engaged',
  events: "sumIf(toUInt64(engaged_ms), type = 'engagement')",
  sessions: 'engaged_ms',
  params: {},
};
