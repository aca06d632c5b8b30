// One user's profile, in Rybbit's shape: figures over their sessions, first and last touch, vitals, places, devices, traits, linked devices.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { NotFoundError } from '../../platform/http/app-errors.js';
import { siteScopeSql } from '../../stats/site-scope.js';
import { allOf, ALWAYS_FALSE, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { utcSecondsSql } from '../response-time.js';
import { p75Columns, readP75, type P75Figures } from '../performance/web-vitals.js';
import { personWindows } from './person-windows.query.js';
import { latestTraits, personSql, USER_KEY_SQL } from './user-fields.query.js';
import { PROFILE_FIELDS, profileDevicesSql, profileLocationsSql, profileSummarySql } from './user-profile-sql.js';

type ProfileField = (typeof PROFILE_FIELDS)[number];
export type UserProfileSummary = { [F in ProfileField as F[0]]: F[1] extends 'number' ? number : string };

export interface UserLocation { country: string; region: string; city: string; sessions: number; last_seen: string }
export interface UserDevice {
  device_type: string; browser: string; browser_version: string; operating_system: string; operating_system_version: string;
  screen_width: number; screen_height: number; sessions: number; last_seen: string;
}
export interface LinkedDevice { anonymous_id: string; created_at: string }

export type UserDetail = UserProfileSummary & {
  traits: unknown;
  linked_devices: LinkedDevice[];
  /** p75 of each vital over the person's performance events; null when they have none. */
  vitals: (P75Figures & { performance_events: number }) | null;
  locations: UserLocation[];
  devices: UserDevice[];
};

/** How the id in the path names a person: their key (identified id, else visitor id), or one of their visitor ids. */
type PersonLookup = 'key' | 'visitor';

/**
 * The person's events in the site and range, when one of them matches the filters (their figures cover all of them).
 * By key, only the stretches of time their `user_days` rows hold are read (person-windows.query.ts).
 */
function personWhere(query: StatsQuery, userId: string, lookup: PersonLookup, windows: SqlFragment): SqlFragment {
  const scope = siteScopeSql(query.siteId, query.range);
  const selection = baseWhere(query);
  const person: SqlFragment =
    lookup === 'key'
      ? allOf([windows, { sql: personSql('user_key'), params: { user_key: userId } }])
      : { sql: 'user_id = {user_key:String}', params: { user_key: userId } };
  const matching: SqlFragment =
    selection.sql === scope.sql
      ? ALWAYS_TRUE
      : { sql: `${USER_KEY_SQL} IN (SELECT ${USER_KEY_SQL} FROM events WHERE ${selection.sql} AND ${person.sql})`, params: selection.params };
  return allOf([scope, person, matching]);
}

/** The summary row by key, else (a device id of an identified person, as Rybbit allows) by visitor id. */
async function findPerson(store: AnalyticsStore, query: StatsQuery, userId: string): Promise<{ raw: Record<string, unknown>; where: SqlFragment }> {
  const windows = await personWindows(store, query.siteId, query.range, userId);
  for (const lookup of ['key', 'visitor'] as const) {
    // Without a day of that key in range, nobody has it: only the visitor id can name the person.
    if (lookup === 'key' && windows.sql === ALWAYS_FALSE.sql) continue;
    const where = personWhere(query, userId, lookup, windows);
    const [raw] = await store.query<Record<string, unknown>>(profileSummarySql(where.sql), where.params);
    if (raw && count(raw.p_sessions) > 0) return { raw, where };
  }
  throw new NotFoundError('User not found');
}

const text = (value: unknown) => String(value ?? '');
const count = (value: unknown) => Number(value ?? 0);

/**
 * The user known as `userId` (identified id, else anonymous visitor id; failing that, the visitor id of a
 * device, whose events alone are then described). Each part is one pass over the person's events (found by
 * their stored key hash). 404 without an event in range matching the filters.
 */
export async function userDetail(store: AnalyticsStore, query: StatsQuery, userId: string): Promise<UserDetail> {
  const { raw, where } = await findPerson(store, query, userId);
  const summary: Record<string, string | number> = {};
  for (const [name, kind] of PROFILE_FIELDS) summary[name] = kind === 'number' ? count(raw[`p_${name}`]) : text(raw[`p_${name}`]);
  const identified = text(summary.identified_user_id);
  const [vitals, locations, devices, traits, linked] = [
    await userVitals(store, where),
    await store.query<Record<string, unknown>>(profileLocationsSql(where.sql), where.params),
    await store.query<Record<string, unknown>>(profileDevicesSql(where.sql), where.params),
    await latestTraits(store, query.siteId, [identified]),
    await linkedDevices(store, query.siteId, identified),
  ];
  return {
    ...(summary as UserProfileSummary),
    traits: traits.get(identified) ?? null,
    linked_devices: linked,
    vitals,
    locations: locations.map((row) => ({
      country: text(row.l_country), region: text(row.l_region), city: text(row.l_city), sessions: count(row.l_sessions), last_seen: text(row.l_last_seen),
    })),
    devices: devices.map((row) => ({
      device_type: text(row.d_device_type), browser: text(row.d_browser), browser_version: text(row.d_browser_version),
      operating_system: text(row.d_operating_system), operating_system_version: text(row.d_operating_system_version),
      screen_width: count(row.d_screen_width), screen_height: count(row.d_screen_height), sessions: count(row.d_sessions), last_seen: text(row.d_last_seen),
    })),
  };
}

async function userVitals(store: AnalyticsStore, where: SqlFragment): Promise<UserDetail['vitals']> {
  const [row] = await store.query<Record<string, unknown>>(
    `SELECT ${p75Columns()}, count() AS v_events FROM events WHERE ${where.sql} AND type = 'performance'`,
    where.params,
  );
  const events = count(row?.v_events);
  return events === 0 ? null : { ...readP75(row), performance_events: events };
}

/** The visitor ids (devices) identify calls linked to this identified user, oldest link first. */
async function linkedDevices(store: AnalyticsStore, siteId: number, identified: string): Promise<LinkedDevice[]> {
  if (identified === '') return [];
  const rows = await store.query<{ l_device: string; l_at: string }>(
    `SELECT user_id AS l_device, ${utcSecondsSql('min(timestamp)')} AS l_at
     FROM user_identities
     WHERE site_id = {siteId:UInt32} AND identified_user_id = {linked_user:String} AND user_id != ''
     GROUP BY user_id ORDER BY min(timestamp), l_device`,
    { siteId, linked_user: identified },
  );
  return rows.map((row) => ({ anonymous_id: row.l_device, created_at: row.l_at }));
}
