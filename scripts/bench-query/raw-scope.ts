// The WHERE clauses of the hand-written raw SQL: site and time range, plus the benchmark's one filter,
// written out by hand (not through src/stats) so the raw figures are an independent reference.
import type { QueryParams } from '../../src/platform/analytics-store/analytics-store.js';
import type { BenchFilter } from './bench-query-options.js';
import type { ProbeValues } from './endpoint-cases.js';

export type Row = Record<string, unknown>;
/** Runs one statement with bound parameters and returns its rows. */
export type RunSql = (sql: string, params: QueryParams) => Promise<Row[]>;

export interface RawContext {
  readonly siteId: number;
  /** ClickHouse DateTime64(3) text, UTC. */
  readonly from: string;
  readonly to: string;
  readonly toInclusive: boolean;
  readonly filter: BenchFilter | undefined;
  readonly probes: ProbeValues;
  /** The case's rawArg (e.g. the metric dimension). */
  readonly arg: string | undefined;
  /** The case's POST body (funnel steps). */
  readonly body: unknown;
  readonly now: Date;
}

/** A raw query: its statements run one after the other; the answer is each statement's rows. */
export type RawQuery = (run: RunSql, context: RawContext) => Promise<Row[][]>;

export interface Where {
  readonly sql: string;
  readonly params: Record<string, unknown>;
}

/** Event columns the raw SQL can filter on with a plain equality. */
const EVENT_COLUMNS = new Set([
  'browser', 'browser_version', 'operating_system', 'operating_system_version', 'device_type', 'language', 'country',
  'region', 'city', 'hostname', 'pathname', 'page_title', 'utm_source', 'utm_medium', 'utm_campaign', 'timezone',
]);
/** The ones bot_events has too (bot reports apply only these). */
const BOT_COLUMNS = new Set(['browser', 'operating_system', 'device_type', 'country', 'hostname', 'pathname']);

/** The session's channel: its first channel other than Direct/Internal, else its first (an aggregate). */
export const SESSION_CHANNEL = "argMin(channel, (channel IN ('Direct', 'Internal'), timestamp))";

/** True when the raw SQL has a hand-written form of the filter. */
export function rawFilterSupported(filter: BenchFilter): boolean {
  return EVENT_COLUMNS.has(filter.parameter) || filter.parameter === 'channel';
}

/** Site and time range (the same columns on events and bot_events). */
export function scope(context: RawContext): Where {
  return {
    sql: `site_id = {site:UInt32} AND timestamp >= {from:DateTime64(3, 'UTC')} AND timestamp ${context.toInclusive ? '<=' : '<'} {to:DateTime64(3, 'UTC')}`,
    params: { site: context.siteId, from: context.from, to: context.to },
  };
}

/** Sessions (ids) with an event matching the filter, in the site and range, optionally only rows meeting `extra`. */
export function matchingSessions(context: RawContext, extra = ''): Where {
  const range = scope(context);
  const rows = extra === '' ? range.sql : `${range.sql} AND ${extra}`;
  const filter = context.filter;
  if (!filter) return { sql: `SELECT session_id FROM events WHERE ${rows}`, params: range.params };
  if (filter.parameter === 'channel') {
    return {
      sql: `SELECT session_id FROM events WHERE ${rows} GROUP BY session_id HAVING ${SESSION_CHANNEL} = {fv:String}`,
      params: { ...range.params, fv: filter.value },
    };
  }
  return { sql: `SELECT session_id FROM events WHERE ${rows} AND ${filter.parameter} = {fv:String}`, params: { ...range.params, fv: filter.value } };
}

/** The events a report reads: an event filter narrows the rows, a session filter keeps whole sessions. */
export function eventWhere(context: RawContext): Where {
  const range = scope(context);
  const filter = context.filter;
  if (!filter) return range;
  if (filter.parameter === 'channel') {
    const sessions = matchingSessions(context);
    return { sql: `${range.sql} AND session_id IN (${sessions.sql})`, params: sessions.params };
  }
  if (!EVENT_COLUMNS.has(filter.parameter)) throw new Error(`no raw SQL for a ${filter.parameter} filter`);
  return { sql: `${range.sql} AND ${filter.parameter} = {fv:String}`, params: { ...range.params, fv: filter.value } };
}

/** Bot and human rows a bot report reads (valid on both tables): only filters on columns both have apply. */
export function sharedWhere(context: RawContext): Where {
  const range = scope(context);
  const filter = context.filter;
  if (!filter || !BOT_COLUMNS.has(filter.parameter)) return range;
  return { sql: `${range.sql} AND ${filter.parameter} = {fv:String}`, params: { ...range.params, fv: filter.value } };
}

/** The id a person is known by: the identified id when set, else the visitor id. */
export const PERSON = "if(identified_user_id = '', user_id, identified_user_id)";
