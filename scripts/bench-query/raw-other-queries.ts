// Hand-written raw SQL of the web-vitals, bot, goal, funnel and user-trait reports.
import { z } from 'zod';
import { loadGoalSpecs, type GoalSpec } from './bench-goals.js';
import { eventWhere, sharedWhere, type RawContext, type RawQuery, type Where } from './raw-scope.js';

const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;
const P75 = VITALS.map((vital) => `quantileExactInclusive(0.75)(${vital}) AS ${vital}_p75`).join(', ');

/** `SELECT <select> FROM events WHERE <filter> AND type = 'performance' <tail>`. */
function vitals(select: string, tail: string): RawQuery {
  return async (run, context) => {
    const where = eventWhere(context);
    return [await run(`SELECT ${select}, count() AS events FROM events WHERE ${where.sql} AND type = 'performance' ${tail}`, where.params)];
  };
}

const LAYERS = ['ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'] as const;

const botOverview: RawQuery = async (run, context) => {
  const where = sharedWhere(context);
  const layers = LAYERS.map((layer) => `countIf(${layer} = 1) AS ${layer}_n`).join(', ');
  return [
    await run(
      `SELECT count() AS bot_requests, ${layers}, (SELECT count() FROM events WHERE ${where.sql}) AS human_events
       FROM bot_events WHERE ${where.sql}`,
      where.params,
    ),
  ];
};

/** `SELECT <select> FROM bot_events WHERE <shared filter> <tail>`. */
function bots(select: string, tail: string): RawQuery {
  return async (run, context) => {
    const where = sharedWhere(context);
    return [await run(`SELECT ${select} FROM bot_events WHERE ${where.sql} ${tail}`, where.params)];
  };
}

/** Crawls per operator and per crawler in one pass; AI-referred human sessions per referrer host. */
const aiSummary: RawQuery = async (run, context) => {
  const where = sharedWhere(context);
  const crawls = await run(
    `SELECT ai_operator, bot_name, ai_purpose, grouping(bot_name) AS per_operator, count() AS reads, uniqExact(pathname) AS pages,
       countIf(ai_purpose = 'training') AS training, countIf(ai_purpose = 'search') AS search, countIf(ai_purpose = 'agent') AS agent
     FROM bot_events WHERE ${where.sql} AND ai_operator != ''
     GROUP BY GROUPING SETS ((ai_operator), (ai_operator, bot_name, ai_purpose))`,
    where.params,
  );
  // A session's channel is AI when its first event with an informative channel (not Direct/Internal) is AI.
  const referrals = await run(
    `SELECT host, count() AS sessions FROM (
       SELECT domain(argMin(referrer, timestamp)) AS host FROM events
       WHERE ${where.sql} AND channel NOT IN ('Direct', 'Internal')
       GROUP BY session_id HAVING argMin(channel, timestamp) = 'AI'
     ) GROUP BY host`,
    where.params,
  );
  return [crawls, referrals];
};

const escapeRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, (character) => `\\${character}`);

/** A goal as a condition on events rows, its value bound as `g<index>`. Patterns: `*` only. */
export function goalCondition(goal: GoalSpec, index: number): Where {
  const name = `g${index}`;
  const { pathPattern, eventName, valuePattern } = goal.config;
  if (goal.goalType === 'event') return { sql: `type = 'custom_event' AND event_name = {${name}:String}`, params: { [name]: eventName } };
  const pattern = goal.goalType === 'path' ? pathPattern : valuePattern;
  if (pattern === undefined || pattern.includes('**')) throw new Error(`no raw SQL for goal ${goal.name}`);
  if (goal.goalType === 'path') {
    if (!pattern.includes('*')) return { sql: `type = 'pageview' AND pathname = {${name}:String}`, params: { [name]: pattern } };
    return { sql: `type = 'pageview' AND match(pathname, {${name}:String})`, params: { [name]: `^${pattern.split('*').map(escapeRegex).join('[^/]+')}$` } };
  }
  return {
    sql: `type = 'outbound' AND match(JSONExtractString(props, 'url'), {${name}:String})`,
    params: { [name]: `(?i)^${pattern.split('*').map(escapeRegex).join('.*')}$` },
  };
}

const GOALS = loadGoalSpecs();

const goals: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  const conditions = GOALS.map(goalCondition);
  const columns = conditions.map((condition, index) => `uniqExactIf(session_id, ${condition.sql}) AS g${index}_sessions`);
  const params = Object.assign({}, where.params, ...conditions.map((condition) => condition.params)) as Record<string, unknown>;
  return [await run(`SELECT uniqExact(session_id) AS total_sessions, ${columns.join(', ')} FROM events WHERE ${where.sql}`, params)];
};

const FunnelBody = z.object({ steps: z.array(z.object({ type: z.enum(['page', 'event']), value: z.string() })).min(2) });

/** Sessions reaching each step after the previous one, by ClickHouse's windowFunnel over a window longer than any range. */
const funnel: RawQuery = async (run, context: RawContext) => {
  const where = eventWhere(context);
  const steps = FunnelBody.parse(context.body).steps;
  const conditions = steps.map((step, index) =>
    step.type === 'page' ? `(type = 'pageview' AND pathname = {step${index}:String})` : `(type = 'custom_event' AND event_name = {step${index}:String})`,
  );
  const params = Object.fromEntries(steps.map((step, index) => [`step${index}`, step.value]));
  const reached = steps.map((_step, index) => `countIf(level >= ${index + 1}) AS s${index + 1}`).join(', ');
  const hundredYearsMs = 100 * 366 * 86_400_000;
  return [
    await run(
      `SELECT ${reached} FROM (
         SELECT windowFunnel(${hundredYearsMs}, 'strict_increase')(toUInt64(toUnixTimestamp64Milli(timestamp)), ${conditions.join(', ')}) AS level
         FROM events WHERE ${where.sql} AND (${conditions.join(' OR ')}) GROUP BY session_id
       )`,
      { ...where.params, ...params },
    ),
  ];
};

const traitKeys: RawQuery = async (run, context) => {
  const where = eventWhere(context);
  return [
    await run(
      `SELECT trait, count() AS users FROM (
         SELECT argMax(traits, timestamp) AS latest FROM user_identities
         WHERE site_id = {site:UInt32} AND identified_user_id IN (SELECT identified_user_id FROM events WHERE ${where.sql} AND identified_user_id != '')
         GROUP BY identified_user_id
       ) ARRAY JOIN JSONExtractKeys(latest) AS trait GROUP BY trait ORDER BY users DESC, trait LIMIT 100`,
      where.params,
    ),
  ];
};

export const OTHER_QUERIES: Readonly<Record<string, RawQuery>> = {
  'performance-overview': vitals(VITALS.map((vital) => `quantilesExactInclusive(0.5, 0.75, 0.9, 0.99)(${vital}) AS ${vital}`).join(', '), ''),
  'performance-time-series': vitals(`toString(toDate(timestamp)) AS day, ${P75}`, 'GROUP BY day ORDER BY day'),
  'performance-by-dimension': vitals(`pathname AS value, ${P75}`, 'GROUP BY value ORDER BY events DESC, value LIMIT 100'),
  'bot-overview': botOverview,
  'bot-time-series': bots('toString(toDate(timestamp)) AS day, count() AS bot_requests', 'GROUP BY day ORDER BY day'),
  'bots-by-dimension': bots(
    'bot_name AS value, count() AS requests, count() OVER () AS distinct_values, sum(count()) OVER () AS total',
    'GROUP BY value ORDER BY requests DESC, value LIMIT 100',
  ),
  'ai-summary': aiSummary,
  goals,
  funnel,
  'trait-keys': traitKeys,
};
