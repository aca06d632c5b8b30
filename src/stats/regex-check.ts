// Filter regexes judged by the analytics store's own RE2 before a report runs, so one it cannot compile is a 400.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { StatsParamError } from './bad-request-error.js';
import type { Filter } from './filters.schema.js';

/** Why the store cannot compile `pattern`, or undefined when it can. */
export type RegexProblem = (pattern: string) => Promise<string | undefined>;

const CACHE_LIMIT = 1000;
const caches = new WeakMap<AnalyticsStore, Map<string, string | undefined>>();
/** ClickHouse's CANNOT_COMPILE_REGEXP, as the embedded engine and the server both word it. */
const COMPILE_ERROR = /cannot compile re2|\bCode: 427\b/i;
const RE2_REASON = /error: (.+?)\. Look at/;

/**
 * RE2's syntax differs from JavaScript's in many corners (repetition counts above 1000, also as products
 * of nested counts; `\Z`, `\e`; Unicode and POSIX class names), and ClickHouse's build of it is what
 * runs the filter. So rather than a second grammar that could drift from it, the store compiles the
 * pattern on an empty string (`SELECT match('', {re:String})`, no table read); its verdict is cached.
 */
export function storeRegexProblem(store: AnalyticsStore): RegexProblem {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  const verdicts = cache;
  return async (pattern) => {
    if (verdicts.has(pattern)) return verdicts.get(pattern);
    const problem = await compileProblem(store, pattern);
    if (verdicts.size >= CACHE_LIMIT) verdicts.clear();
    verdicts.set(pattern, problem);
    return problem;
  };
}

async function compileProblem(store: AnalyticsStore, pattern: string): Promise<string | undefined> {
  try {
    await store.query('SELECT match(\'\', {re:String}) AS ok', { re: pattern });
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!COMPILE_ERROR.test(message)) throw error;
    return RE2_REASON.exec(message)?.[1] ?? 'RE2 cannot compile it';
  }
}

/** Throws a 400 naming `parameter` for the first regex filter value the store cannot compile. */
export async function checkFilterRegexes(filters: readonly Filter[], parameter: string, problemOf: RegexProblem | undefined): Promise<void> {
  if (!problemOf) return;
  for (const filter of filters) {
    if (filter.type !== 'regex' && filter.type !== 'not_regex') continue;
    for (const value of filter.value) {
      const problem = await problemOf(String(value));
      if (problem) throw new StatsParamError(parameter, `Invalid ${parameter}: bad regex '${String(value)}' (${problem})`);
    }
  }
}
