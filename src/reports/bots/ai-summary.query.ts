// /bots/ai-summary: per AI operator, what its crawlers read and how many human sessions its assistants referred.
import type { AiOperator } from '../../classifiers/catalogs/bot-catalog.js';
import type { AnalyticsStore, QueryParams } from '../../platform/analytics-store/analytics-store.js';
import { UNINFORMATIVE_CHANNELS } from '../../stats/dimensions.js';
import { sessionSplit } from '../../stats/session-rows.query.js';
import { allOf, mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';
import { filterWhere, type StatsQuery } from '../../stats/stats-query.js';
import { round2 } from '../percentage.js';
import { botWhere, humanWhere, sharedFilters, type BotLayer } from './bot-scope.js';
import { operatorOfHost } from './operator-of-host.js';

export interface AiOperatorSummary {
  operator: string;
  crawls: number;
  training_crawls: number;
  search_crawls: number;
  agent_requests: number;
  /** Distinct pathnames its crawlers requested. */
  pages: number;
  /** Human sessions whose channel is AI and whose AI referrer is one of the operator's domains. */
  referrals: number;
  /** crawls / referrals, 2 decimals; null when there were no referrals. */
  crawls_per_referral: number | null;
  /** The referrer domains counted as the operator's (from catalogs/ai-operators.json). */
  referrer_domains: string[];
  bots: Array<{ name: string; purpose: string; reads: number; pages: number }>;
}

interface CrawlRow {
  operator: string;
  crawls: string;
  training: string;
  search: string;
  agent: string;
  pages: string;
}

interface CrawlGroupRow extends CrawlRow {
  name: string;
  purpose: string;
  /** 1 on the per-operator rows, 0 on the per-crawler rows. */
  per_operator: string;
}

/** Per operator and per crawler, from one scan (two grouping sets). */
async function crawlsByOperator(store: AnalyticsStore, query: StatsQuery, layer: BotLayer | undefined) {
  const where = botWhere(query, layer);
  const rows = await store.query<CrawlGroupRow>(
    `SELECT ai_operator AS operator, bot_name AS name, ai_purpose AS purpose, grouping(bot_name) AS per_operator,
       count() AS crawls, countIf(ai_purpose = 'training') AS training, countIf(ai_purpose = 'search') AS search,
       countIf(ai_purpose = 'agent') AS agent, uniqExact(pathname) AS pages
     FROM bot_events WHERE (${where.sql}) AND ai_operator != ''
     GROUP BY GROUPING SETS ((ai_operator), (ai_operator, bot_name, ai_purpose))
     ORDER BY crawls DESC, name ASC`,
    where.params,
  );
  const perOperator = (row: CrawlGroupRow) => Number(row.per_operator) === 1;
  return {
    operators: rows.filter(perOperator),
    bots: rows.filter((row) => !perOperator(row)).map((row) => ({ operator: row.operator, name: row.name, purpose: row.purpose, reads: row.crawls, pages: row.pages })),
  };
}

/**
 * Human sessions whose channel (the catalog's session channel) is AI, counted per host of the referrer
 * that made them so. The catalog takes a session's first informative channel (not Direct/Internal) when it
 * has one, so over informative rows alone it is simply their first channel: only those rows are read, and
 * the plain first value decides (about 30% cheaper than the catalog's conditional form). The referrer of
 * that same first row is the host. Only the candidates of referralSides are grouped (a few percent of the
 * sessions), not a row of every session in the range; the sides' sessions are disjoint, so their rows add.
 */
async function aiReferralsByHost(store: AnalyticsStore, query: StatsQuery): Promise<Array<{ host: string; sessions: string }>> {
  const sides = await referralSides(store, query);
  const firstRows = sides.map(
    (side) => `SELECT domain(argMin(referrer, timestamp)) AS host
       FROM events
       PREWHERE channel NOT IN ${UNINFORMATIVE_CHANNELS}
         AND session_id IN (${side.candidates.sql})
       WHERE ${side.where.sql}
       GROUP BY session_id
       HAVING argMin(channel, timestamp) = 'AI'`,
  );
  return store.query(
    `SELECT host, count() AS sessions FROM (${firstRows.join('\n       UNION ALL\n       ')}) GROUP BY host`,
    // The sides bind the filters' values under the same names (equal values, not always the same objects): spread.
    Object.assign({}, ...sides.flatMap((side) => [side.where.params, side.candidates.params])) as QueryParams,
  );
}

/** Sessions to look at (`candidates`, a `SELECT session_id`) and the events in scope that decide them (`where`). */
interface ReferralSide {
  readonly candidates: SqlFragment;
  readonly where: SqlFragment;
}

/** The sessions of `where` with an AI row. */
function withAiRow(where: SqlFragment): SqlFragment {
  return { sql: `SELECT session_id FROM events WHERE (${where.sql}) AND channel = 'AI'`, params: where.params };
}

/**
 * Every AI-referred session is among the candidates of a side: a session whose first informative row in scope is
 * AI has an AI row in scope. Sessions wholly inside the range that the `sessions` table answers for (see
 * sessionSplit; with filters bot rows share, those agreeing on every visitor attribute and matching the filters
 * on their row) count only when their first informative row of all is AI, which `first_informative_channel`
 * keeps (the first such row's time and channel, the smallest of the rows' values; 'AI' sorts before every other
 * channel, so a tie at that instant keeps it too). An unmerged part of a row keeps that value as well, so a read
 * without FINAL finds it. Their events all match the filters, so the site and range alone decide them: the read
 * the `events_by_channel` projection answers. The sessions crossing an edge of the range (and, with filters,
 * those disagreeing on an attribute) are looked up in their events in scope; with a filter on a column the
 * table lacks, or too many disagreeing sessions, every session is.
 */
async function referralSides(store: AnalyticsStore, query: StatsQuery): Promise<ReferralSide[]> {
  const scoped = { ...query, filters: sharedFilters(query.filters) };
  const where = humanWhere(scoped);
  const split = await sessionSplit(store, scoped);
  if (!split) return [{ candidates: withAiRow(where), where }];
  const rows = allOf([split.tableWhere, filterWhere(scoped)]);
  const inside = {
    sql: `SELECT session_id FROM sessions WHERE ${rows.sql} AND substring(first_informative_channel, ${FIRST_VALUE_AT}) = 'AI'`,
    params: rows.params,
  };
  const insideSide = { candidates: inside, where: humanWhere({ ...scoped, filters: [] }) };
  if (!split.eventsWhere) return [insideSide];
  const others = withAiRow(split.eventsWhere);
  // Without filters both sides read the same events: one pass decides both sets of candidates.
  if (scoped.filters.length === 0) {
    return [{ candidates: { sql: `${inside.sql} UNION ALL ${others.sql}`, params: mergeParams([inside, others]) }, where }];
  }
  return [insideSide, { candidates: others, where: split.eventsWhere }];
}

/** Where the value starts in a `sessions` first-value column: after the event's 23-character time. */
const FIRST_VALUE_AT = 24;

function referralsByOperator(rows: ReadonlyArray<{ host: string; sessions: string }>, operators: readonly AiOperator[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const operator = operatorOfHost(row.host, operators);
    if (operator) counts.set(operator.operator, (counts.get(operator.operator) ?? 0) + Number(row.sessions));
  }
  return counts;
}

/** Operators with crawls or referrals in scope, by crawls desc, then referrals desc, then name. */
export async function aiSummary(
  store: AnalyticsStore,
  query: StatsQuery,
  layer: BotLayer | undefined,
  operators: readonly AiOperator[],
): Promise<AiOperatorSummary[]> {
  const crawls = await crawlsByOperator(store, query, layer);
  const referrals = referralsByOperator(await aiReferralsByHost(store, query), operators);
  const names = new Set([...crawls.operators.map((row) => row.operator), ...referrals.keys()]);
  const summaries = [...names].map((name): AiOperatorSummary => {
    const row = crawls.operators.find((candidate) => candidate.operator === name);
    const crawlCount = Number(row?.crawls ?? 0);
    const referralCount = referrals.get(name) ?? 0;
    return {
      operator: name,
      crawls: crawlCount,
      training_crawls: Number(row?.training ?? 0),
      search_crawls: Number(row?.search ?? 0),
      agent_requests: Number(row?.agent ?? 0),
      pages: Number(row?.pages ?? 0),
      referrals: referralCount,
      crawls_per_referral: referralCount === 0 ? null : round2(crawlCount / referralCount),
      referrer_domains: [...(operators.find((operator) => operator.operator === name)?.referrerDomains ?? [])],
      bots: crawls.bots
        .filter((bot) => bot.operator === name)
        .map((bot) => ({ name: bot.name, purpose: bot.purpose, reads: Number(bot.reads), pages: Number(bot.pages) })),
    };
  });
  return summaries.sort((a, b) => b.crawls - a.crawls || b.referrals - a.referrals || a.operator.localeCompare(b.operator));
}
