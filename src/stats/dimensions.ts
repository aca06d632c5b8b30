// The dimension catalog: every filter / breakdown parameter name and the SQL expression behind it.
import type { SqlFragment } from './sql-fragment.js';

/**
 * `event`: a value per event row. `session`: one value per session, an aggregate over the session's
 * events, valid only inside `GROUP BY session_id`.
 */
export type DimensionLevel = 'event' | 'session';

export interface Dimension {
  readonly name: string;
  readonly level: DimensionLevel;
  /** A String-valued expression over the events table (an aggregate when level is `session`). */
  readonly expression: SqlFragment;
  /**
   * True when a filter on it keeps whole sessions: for a `session` dimension the sessions whose value
   * matches, for `event_name` the sessions that have a matching event.
   */
  readonly selectsSessions: boolean;
}

interface CatalogEntry {
  readonly level: DimensionLevel;
  readonly sql: string;
  readonly selectsSessions: boolean;
}

const column = (name: string): CatalogEntry => ({ level: 'event', sql: name, selectsSessions: false });

/** Channels that do not say where a visitor came from; a session prefers any other channel it saw. */
export const UNINFORMATIVE_CHANNELS = "('Direct', 'Internal')";

const CATALOG: Readonly<Record<string, CatalogEntry>> = {
  browser: column('browser'),
  browser_version: column('browser_version'),
  operating_system: column('operating_system'),
  operating_system_version: column('operating_system_version'),
  language: column('language'),
  country: column('country'),
  region: column('region'),
  city: column('city'),
  device_type: column('device_type'),
  hostname: column('hostname'),
  pathname: column('pathname'),
  page_title: column('page_title'),
  querystring: column('querystring'),
  utm_source: column('utm_source'),
  utm_medium: column('utm_medium'),
  utm_campaign: column('utm_campaign'),
  utm_term: column('utm_term'),
  utm_content: column('utm_content'),
  timezone: column('timezone'),
  tag: column('tag'),
  referrer: column('domainWithoutWWW(referrer)'),
  dimensions: column(
    "if(screen_width = 0 AND screen_height = 0, '', concat(toString(screen_width), 'x', toString(screen_height)))",
  ),
  // The id a person is known by: the identified id when the site set one, else the anonymous visitor id.
  user_id: column("if(identified_user_id = '', user_id, identified_user_id)"),
  event_name: { level: 'event', sql: 'event_name', selectsSessions: true },
  channel: {
    level: 'session',
    sql:
      `if(countIf(channel NOT IN ${UNINFORMATIVE_CHANNELS}) > 0, ` +
      `argMinIf(channel, timestamp, channel NOT IN ${UNINFORMATIVE_CHANNELS}), argMin(channel, timestamp))`,
    selectsSessions: true,
  },
  entry_page: { level: 'session', sql: "argMinIf(pathname, timestamp, type = 'pageview')", selectsSessions: true },
  exit_page: { level: 'session', sql: "argMaxIf(pathname, timestamp, type = 'pageview')", selectsSessions: true },
};

const URL_PARAM_PREFIX = 'url_param:';
const MAX_URL_PARAM_NAME = 256;

/** Every parameter name the catalog knows, with `url_param:<name>` standing for the open family. */
export const DIMENSION_NAMES: readonly string[] = [...Object.keys(CATALOG), `${URL_PARAM_PREFIX}<name>`];

/**
 * Looks a parameter name up. `url_param:<name>` reads one query parameter of the page URL (names are
 * stored lowercased); its name is bound as `{<keyParam>:String}`, so give each use its own keyParam.
 */
export function findDimension(parameter: string, keyParam = 'dimension_key'): Dimension | undefined {
  if (parameter.startsWith(URL_PARAM_PREFIX)) {
    const key = parameter.slice(URL_PARAM_PREFIX.length);
    if (key.length === 0 || key.length > MAX_URL_PARAM_NAME) return undefined;
    return {
      name: parameter,
      level: 'event',
      expression: { sql: `url_parameters[{${keyParam}:String}]`, params: { [keyParam]: key.toLowerCase() } },
      selectsSessions: false,
    };
  }
  if (!Object.hasOwn(CATALOG, parameter)) return undefined;
  const entry = CATALOG[parameter];
  if (!entry) return undefined;
  return { name: parameter, level: entry.level, expression: { sql: entry.sql, params: {} }, selectsSessions: entry.selectsSessions };
}
