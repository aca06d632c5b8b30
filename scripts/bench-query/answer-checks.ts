// Whether an endpoint's answer equals the raw SQL's, for the endpoints whose figures are easy to line up:
// both sides are projected onto the same plain values and compared.
import { loadAiOperators } from '../../src/classifiers/catalogs/bot-catalog.js';
import { operatorOfHost } from '../../src/reports/bots/operator-of-host.js';
import { loadGoalSpecs } from './bench-goals.js';
import type { Row } from './raw-scope.js';

/** Reads a nested field of a parsed JSON body; undefined where the path does not exist. */
export function at(value: unknown, ...keys: ReadonlyArray<string | number>): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown): number => Number(value);
const round2 = (value: number): number => Math.round(value * 100) / 100;
const top = <T>(items: readonly T[]): T[] => items.slice(0, 10);

interface Check {
  readonly endpoint: (body: unknown) => unknown;
  readonly raw: (answer: readonly Row[][]) => unknown;
}

const firstRows = (answer: readonly Row[][]): Row[] => answer[0] ?? [];

/** Ranked breakdowns: the top values with their counts and pageviews, and the number of values. */
const breakdown: Check = {
  endpoint: (body) => [num(at(body, 'data', 'totalCount')), top(list(at(body, 'data', 'data')).map((e) => [at(e, 'value'), num(at(e, 'count')), num(at(e, 'pageviews'))]))],
  raw: (answer) => [num(firstRows(answer)[0]?.total_rows ?? 0), top(firstRows(answer).map((r) => [r.value, num(r.count), num(r.pageviews)]))],
};

const GOAL_NAMES = loadGoalSpecs().map((goal) => goal.name);

/** Per AI operator, by name: its crawls and the human sessions its assistants referred (hosts mapped by the catalog). */
function aiOperatorFigures(answer: readonly Row[][]): Array<[string, number, number]> {
  const figures = new Map<string, [number, number]>();
  const of = (operator: string) => figures.get(operator) ?? [0, 0];
  for (const row of firstRows(answer).filter((r) => num(r.per_operator) === 1)) figures.set(String(row.ai_operator), [num(row.reads), of(String(row.ai_operator))[1]]);
  const operators = loadAiOperators();
  for (const row of answer[1] ?? []) {
    const operator = operatorOfHost(String(row.host), operators)?.operator;
    if (operator !== undefined) figures.set(operator, [of(operator)[0], of(operator)[1] + num(row.sessions)]);
  }
  return [...figures].map(([operator, [crawls, referrals]]): [string, number, number] => [operator, crawls, referrals]).sort((a, b) => a[0].localeCompare(b[0]));
}

const CHECKS: Readonly<Record<string, Check>> = {
  overview: {
    endpoint: (body) => ['sessions', 'pageviews', 'users', 'bounce_rate', 'session_duration'].map((key) => num(at(body, 'data', key))),
    raw: (answer) => {
      const row = firstRows(answer)[0] ?? {};
      const sessions = num(row.sessions);
      const share = (value: number) => (sessions === 0 ? 0 : round2(value / sessions));
      return [sessions, num(row.pageviews), num(row.users), share(num(row.bounces) * 100), share(num(row.duration_ms) / 1000)];
    },
  },
  'overview-time-series': {
    endpoint: (body) => list(at(body, 'data')).filter((e) => num(at(e, 'sessions')) > 0).map((e) => [String(at(e, 'time')).slice(0, 10), num(at(e, 'sessions')), num(at(e, 'pageviews'))]),
    raw: (answer) => firstRows(answer).map((r) => [r.day, num(r.sessions), num(r.pageviews)]),
  },
  'metric-first-value': breakdown,
  'metric-channel': breakdown,
  'metric-entry-page': breakdown,
  'metric-pages': breakdown,
  'page-titles': {
    endpoint: (body) => top(list(at(body, 'data', 'data')).map((e) => [at(e, 'value'), at(e, 'pathname'), num(at(e, 'count')), num(at(e, 'pageviews'))])),
    raw: (answer) => top(firstRows(answer).map((r) => [r.value, r.pathname, num(r.count), num(r.pageviews)])),
  },
  engagement: {
    endpoint: (body) => ['visits', 'time_on_page_seconds', 'scroll_depth', 'sessions', 'engaged_session_duration'].map((key) => num(at(body, 'data', key))),
    raw: (answer) => {
      const visits = firstRows(answer)[0] ?? {};
      const sessions = answer[1]?.[0] ?? {};
      const count = num(sessions.sessions);
      return [num(visits.visits), round2(num(visits.seconds)), round2(num(visits.depth)), count, count === 0 ? 0 : round2(num(sessions.ms) / 1000 / count)];
    },
  },
  'engagement-pages': {
    endpoint: (body) => top(list(at(body, 'data', 'data')).map((e) => [at(e, 'value'), num(at(e, 'visits')), num(at(e, 'time_on_page_seconds')), num(at(e, 'scroll_depth'))])),
    raw: (answer) => top(firstRows(answer).map((r) => [r.value, num(r.visits), round2(num(r.seconds)), round2(num(r.depth))])),
  },
  journeys: {
    endpoint: (body) => list(at(body, 'journeys')).map((e) => [at(e, 'path'), num(at(e, 'count'))]),
    raw: (answer) => firstRows(answer).map((r) => [r.path, num(r.count)]),
  },
  retention: {
    endpoint: (body) => Object.entries((at(body, 'data', 'cohorts') ?? {}) as Record<string, unknown>).map(([day, cohort]) => [day, num(at(cohort, 'size'))]).filter(([, size]) => size !== 0),
    raw: (answer) => firstRows(answer).filter((r) => num(r.period) === 0).map((r) => [r.cohort_day, num(r.users)]),
  },
  sessions: {
    endpoint: (body) => list(at(body, 'data')).map((e) => at(e, 'session_id')),
    raw: (answer) => firstRows(answer).map((r) => r.s_id),
  },
  users: {
    endpoint: (body) => [num(at(body, 'totalCount')), list(at(body, 'data')).map((e) => at(e, 'user_id'))],
    raw: (answer) => [num(firstRows(answer)[0]?.total ?? 0), firstRows(answer).map((r) => r.person)],
  },
  events: {
    endpoint: (body) => list(at(body, 'data')).slice(0, 100).map((e) => [at(e, 'timestamp'), at(e, 'type'), at(e, 'event_name'), at(e, 'pathname')]),
    raw: (answer) => firstRows(answer).slice(0, 100).map((r) => [r.at, r.type, r.event_name, r.pathname]),
  },
  'ai-summary': {
    endpoint: (body) =>
      list(at(body, 'data'))
        .map((e): [string, number, number] => [String(at(e, 'operator')), num(at(e, 'crawls')), num(at(e, 'referrals'))])
        .sort((a, b) => a[0].localeCompare(b[0])),
    raw: aiOperatorFigures,
  },
  'event-names': {
    endpoint: (body) => list(at(body, 'data')).map((e) => [at(e, 'eventName'), num(at(e, 'count'))]),
    raw: (answer) => firstRows(answer).map((r) => [r.event_name, num(r.occurrences)]),
  },
  'error-names': {
    endpoint: (body) => list(at(body, 'data')).map((e) => [at(e, 'value'), num(at(e, 'count')), num(at(e, 'sessionCount'))]),
    raw: (answer) => firstRows(answer).map((r) => [r.value, num(r.occurrences), num(r.sessions)]),
  },
  'performance-overview': {
    endpoint: (body) => ['lcp_p75', 'inp_p75', 'ttfb_p75', 'total_performance_events'].map((key) => num(at(body, 'data', key))),
    raw: (answer) => {
      const row = firstRows(answer)[0] ?? {};
      return [round2(num(at(row, 'lcp', 1))), round2(num(at(row, 'inp', 1))), round2(num(at(row, 'ttfb', 1))), num(row.events)];
    },
  },
  'bot-overview': {
    endpoint: (body) => [num(at(body, 'data', 'bot_requests')), num(at(body, 'data', 'total_events'))],
    raw: (answer) => {
      const row = firstRows(answer)[0] ?? {};
      return [num(row.bot_requests), num(row.bot_requests) + num(row.human_events)];
    },
  },
  'bots-by-dimension': {
    endpoint: (body) => [num(at(body, 'data', 'totalCount')), list(at(body, 'data', 'data')).map((e) => [at(e, 'value'), num(at(e, 'count'))])],
    raw: (answer) => [num(firstRows(answer)[0]?.distinct_values ?? 0), firstRows(answer).map((r) => [r.value, num(r.requests)])],
  },
  goals: {
    endpoint: (body) => {
      const byName = new Map(list(at(body, 'data')).map((e) => [at(e, 'name'), [num(at(e, 'total_conversions')), num(at(e, 'total_sessions'))]]));
      return GOAL_NAMES.map((name) => byName.get(name) ?? null);
    },
    raw: (answer) => {
      const row = firstRows(answer)[0] ?? {};
      return GOAL_NAMES.map((_name, index) => [num(row[`g${index}_sessions`]), num(row.total_sessions)]);
    },
  },
  funnel: {
    endpoint: (body) => list(at(body, 'data')).map((e) => num(at(e, 'sessions'))),
    raw: (answer) => {
      const row = firstRows(answer)[0] ?? {};
      return Object.keys(row).sort((a, b) => num(a.slice(1)) - num(b.slice(1))).map((key) => num(row[key]));
    },
  },
};

/** True or false when the raw query has a check, undefined when it has none. */
export function sameAnswer(rawId: string, endpointBody: unknown, rawAnswer: readonly Row[][]): boolean | undefined {
  const check = CHECKS[rawId];
  if (!check) return undefined;
  return JSON.stringify(check.endpoint(endpointBody)) === JSON.stringify(check.raw(rawAnswer));
}

/** Both sides of a check as JSON, for showing what differs. */
export function describeAnswers(rawId: string, endpointBody: unknown, rawAnswer: readonly Row[][]): string {
  const check = CHECKS[rawId];
  if (!check) return '';
  return `endpoint ${JSON.stringify(check.endpoint(endpointBody)).slice(0, 400)}\n      raw      ${JSON.stringify(check.raw(rawAnswer)).slice(0, 400)}`;
}
