// Links between a visitor's sessions (analytics migration 0043, decision 0085): each session's row learns when its
// visitor's previous session started, so a range's visitors are counted as its sessions whose previous session
// started before the range, with no sort of every visitor hash (linked-visitors.query.ts reads them).
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { forgetUnlinkedSite } from './linked-visitors.query.js';
import { toClickHouseDateTime } from './time-range.js';

const DT = "DateTime64(3, 'UTC')";

/**
 * Sessions that started less than this before a run are left to the next one: their rows may still be on their
 * way to the store, and a session stored after the run read, that started before its watermark, would only
 * send the overview back to its sort until the next run.
 */
export const LINK_MARGIN_MS = 120_000;

/** Sessions per statement of a run: each statement sorts one share of the site's visitors' sessions. */
const SESSIONS_PER_SHARE = 200_000;

/** Columns a link row copies from the merged session row: the key and what deletes select sessions by. */
const COPIED = new Set(['site_id', 'session_start', 'session_id', 'user_hash', 'first_at', 'last_at', 'import_id']);

/**
 * The value of a `sessions` column that its aggregate ignores when merged with the session's rows, as SQL: for a
 * `min` of strings, '~' (every such column holds a 23-character time and then its value, or '~' itself for none);
 * for a `min` of UInt64, the largest one; for `max`, `sum`, `sumMap` and `groupArrayArray`, the type's default
 * (0, '', empty arrays). Throws for a column it does not know how to leave alone, so a new column is decided on.
 */
export function neutralValue(column: { name: string; type: string }): string {
  const match = /^SimpleAggregateFunction\((\w+), (.+)\)$/.exec(column.type);
  if (!match) throw new Error(`sessions.${column.name} is not an aggregate column: a link row cannot leave it alone`);
  const [, aggregate = '', inner = ''] = match;
  if (aggregate === 'min' && /^(LowCardinality\()?String\)?$/.test(inner)) return "'~'";
  if (aggregate === 'min' && inner === 'UInt64') return '18446744073709551615';
  if (['max', 'sum', 'sumMap', 'groupArrayArray'].includes(aggregate)) return `defaultValueOfTypeName('${inner.replaceAll("'", "\\'")}')`;
  throw new Error(`sessions.${column.name} (${column.type}): no value its aggregate ignores is known`);
}

/** The columns a link row writes, with each one's value as SQL over the merged row's columns. */
async function linkRowColumns(store: AnalyticsStore): Promise<{ names: string[]; values: string[] }> {
  const columns = await store.query<{ name: string; type: string; default_kind: string }>(
    `SELECT name, type, default_kind FROM system.columns WHERE database = currentDatabase() AND table = 'sessions' ORDER BY position`,
  );
  const names: string[] = [];
  const values: string[] = [];
  for (const column of columns) {
    if (column.default_kind === 'MATERIALIZED' || column.default_kind === 'ALIAS' || column.name === 'visitor_link') continue;
    names.push(column.name);
    values.push(COPIED.has(column.name) ? column.name : neutralValue(column));
  }
  return { names: [...names, 'visitor_link'], values: [...values, 'tuple({version:UInt64}, user_hash, prev)'] };
}

export interface LinkOptions {
  /** Recompute every session's link, not only link the sessions since the last run's watermark. */
  readonly full: boolean;
  /** How long before the run's start its watermark lies; LINK_MARGIN_MS unless a test says otherwise. */
  readonly marginMs?: number;
}

/** What one run of a site did. */
export interface LinkRun {
  /** Sessions whose link was written (new, or changed since the last run). */
  readonly linked: number;
  /** Every session that started before the run's watermark was linked as it stood when the run read. */
  readonly linkedBefore: Date;
  /** Whether the run recomputed every session's link, or linked only those since the last run's watermark. */
  readonly full: boolean;
}

/** The columns the link job reads of a session, with `prev`: its visitor's previous session's start. */
const SESSION_COLUMNS = 'site_id, session_start, session_id, toUInt64(user_hash) AS user_hash, first_at, last_at, import_id, visitor_link';

/** Rows of `source` (SESSION_COLUMNS) with `prev`, each visitor's sessions in time order. */
const withPrevious = (source: string) => `
  SELECT *, lagInFrame(session_start, 1, toDateTime64(0, 3, 'UTC'))
    OVER (PARTITION BY user_hash ORDER BY session_start, session_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS prev
  FROM (${source})`;

/** The rows whose stored link differs from the one computed. */
const CHANGED = 'tupleElement(visitor_link, 2) != user_hash OR tupleElement(visitor_link, 3) != prev';

/**
 * Every session of the site that started before the watermark, in shares of its visitors (by hash) so that each
 * statement sorts a bounded number of rows.
 */
function allSessions(shares: number): Array<{ sql: string; params: { shares: number; share: number } }> {
  const sql = `
    SELECT * FROM (${withPrevious(`
      SELECT ${SESSION_COLUMNS} FROM sessions FINAL
      WHERE site_id = {siteId:UInt32} AND session_start > toDateTime64(0, 3, 'UTC') AND session_start < {linked_before:${DT}}
        AND user_hash % {shares:UInt32} = {share:UInt32}`)})
    WHERE ${CHANGED}`;
  return Array.from({ length: shares }, (_, share) => ({ sql, params: { shares, share } }));
}

/**
 * The sessions that started since the last run's watermark, with their visitors' latest earlier session (a row
 * only the window reads). Sessions stored late, before that watermark, wait for the next full run.
 */
const NEW_SESSIONS = `
  SELECT * FROM (${withPrevious(`
    SELECT ${SESSION_COLUMNS} FROM sessions FINAL
    WHERE site_id = {siteId:UInt32} AND session_start >= {linked_since:${DT}} AND session_start < {linked_before:${DT}}
    UNION ALL
    SELECT {siteId:UInt32}, max(session_start), toUInt64(0), toUInt64(user_hash) AS user_hash, toDateTime64(0, 3, 'UTC'), toDateTime64(0, 3, 'UTC'), '',
      tuple(toUInt64(0), toUInt64(0), toDateTime64(0, 3, 'UTC'))
    FROM sessions FINAL
    WHERE site_id = {siteId:UInt32} AND session_start > toDateTime64(0, 3, 'UTC') AND session_start < {linked_since:${DT}}
      AND user_hash IN (SELECT user_hash FROM sessions FINAL
        WHERE site_id = {siteId:UInt32} AND session_start >= {linked_since:${DT}} AND session_start < {linked_before:${DT}})
    GROUP BY user_hash`)})
  WHERE session_start >= {linked_since:${DT}} AND (${CHANGED})`;

/**
 * Links the site's sessions that started before the engine's clock less the margin: for each, its visitor's
 * previous session's start (by `user_hash`, the merged row's), written only where the stored link differs. A full
 * run recomputes every visitor's sessions, so a late session, a session whose visitor hash changed and a delete are
 * all corrected by it; a run that is not full links only the sessions since the last run's watermark, and is full
 * anyway when there is no run yet or a delete came after the last one.
 */
export async function linkSiteSessions(store: AnalyticsStore, siteId: number, options: LinkOptions = { full: true }): Promise<LinkRun> {
  // The engine's clock versions runs and deletes alike, so their order never depends on the application's clock.
  const [state] = await store.query<{ now: string; linked_since: string; version: string; stale_at: string; rows: string; rows_since: string }>(
    `WITH (SELECT max(linked_before) FROM session_link_runs WHERE site_id = {siteId:UInt32}) AS since
     SELECT toString(toUnixTimestamp64Milli(now64(3))) AS now, toString(since) AS linked_since, toString(max(version)) AS version,
       toString(max(stale_at)) AS stale_at,
       toString((SELECT count() FROM sessions WHERE site_id = {siteId:UInt32})) AS rows,
       toString((SELECT count() FROM sessions WHERE site_id = {siteId:UInt32} AND session_start >= since)) AS rows_since
     FROM session_link_runs WHERE site_id = {siteId:UInt32}`,
    { siteId },
  );
  const nowMs = Number(state?.now);
  const linkedBefore = new Date(nowMs - (options.marginMs ?? LINK_MARGIN_MS));
  const version = BigInt(state?.version ?? '0');
  // A run after a long pause (the server stopped for a day) reads its new sessions in shares as a full run does.
  const full = options.full || version === 0n || version <= BigInt(state?.stale_at ?? '0') || Number(state?.rows_since ?? 0) > SESSIONS_PER_SHARE;
  const params = {
    siteId,
    linked_before: toClickHouseDateTime(linkedBefore),
    linked_since: state?.linked_since ?? '1970-01-01 00:00:00.000',
    settled_before: toClickHouseDateTime(new Date(nowMs - SETTLED_MS)),
    version: String(nowMs),
  };
  const sources = full ? allSessions(shareCount(Number(state?.rows ?? 0))) : [{ sql: NEW_SESSIONS, params: {} }];
  const columns = await linkRowColumns(store);
  let linked = 0;
  /** Link rows written per partition for sessions older than an hour (their rows sit in parts merged long ago). */
  const linkedOld = new Map<string, number>();
  for (const { sql: changed, params: sourceParams } of sources) {
    const found = await store.query<{ partition: string; n: string; old: string }>(
      `SELECT partitionId(toYYYYMM(session_start)) AS partition, count() AS n, countIf(session_start < {settled_before:${DT}}) AS old
       FROM (${changed}) GROUP BY partition`,
      { ...params, ...sourceParams },
    );
    if (found.length === 0) continue;
    await store.command(`INSERT INTO sessions (${columns.names.join(', ')}) SELECT ${columns.values.join(', ')} FROM (${changed})`, { ...params, ...sourceParams });
    for (const row of found) {
      linked += Number(row.n);
      linkedOld.set(row.partition, (linkedOld.get(row.partition) ?? 0) + Number(row.old));
    }
  }
  await store.command(
    `INSERT INTO session_link_runs (site_id, linked_before, version, stale_at) VALUES ({siteId:UInt32}, {linked_before:${DT}}, {version:UInt64}, 0)`,
    params,
  );
  await mergeWhereManyWereLinked(store, linkedOld);
  forgetUnlinkedSite(siteId);
  return { linked, linkedBefore, full };
}

/** Links of sessions older than an hour written to a month's partition, above which the run merges it. */
const MERGE_AFTER_LINKS = 50_000;

/** Sessions older than this have their rows in parts that the engine's merges have long combined. */
const SETTLED_MS = 3_600_000;

/**
 * Merges each partition that a run wrote many link rows to (a first run over stored sessions, a run after an
 * import): until the link rows merge into their sessions' rows, every read of `sessions` with FINAL merges them
 * itself (a merged 10 M-event set's overview took ten times as long, decision 0085), and the engine's own merges
 * do not pick parts that size by themselves. A run after recent traffic writes a few rows, merged as usual.
 */
async function mergeWhereManyWereLinked(store: AnalyticsStore, linkedOld: ReadonlyMap<string, number>): Promise<void> {
  for (const [partition, rows] of linkedOld) {
    if (rows < MERGE_AFTER_LINKS) continue;
    await store.command('OPTIMIZE TABLE sessions PARTITION ID {partition:String} FINAL', { partition });
  }
}

/** Shares of a run over this many sessions: a power of two, so each share's visitors are a residue of the hash. */
function shareCount(sessions: number): number {
  let shares = 1;
  while (sessions / shares > SESSIONS_PER_SHARE) shares *= 2;
  return shares;
}

/**
 * Marks the site's links as possibly pointing at deleted sessions: none counts until a run that starts after
 * this. Every path that deletes a site's sessions (or rebuilds them) calls it after its delete.
 */
export async function markVisitorLinksStale(store: AnalyticsStore, siteId: number): Promise<void> {
  await store.command(
    `INSERT INTO session_link_runs (site_id, linked_before, version, stale_at)
     SELECT {siteId:UInt32}, toDateTime64(0, 3, 'UTC'), 0, toUInt64(toUnixTimestamp64Milli(now64(3)))`,
    { siteId },
  );
}

/** The sites with sessions, for a run over all of them. */
export async function sitesWithSessions(store: AnalyticsStore): Promise<number[]> {
  const rows = await store.query<{ site_id: string }>('SELECT DISTINCT site_id FROM sessions ORDER BY site_id');
  return rows.map((row) => Number(row.site_id));
}
