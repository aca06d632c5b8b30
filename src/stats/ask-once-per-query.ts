// A lookup made once per request: its answer kept for the query object (one request's) and the store it asked.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { StatsQuery } from './stats-query.js';

/** A lookup's answer for each query object, by store. */
export type AskedPerQuery<T> = WeakMap<StatsQuery, { store: AnalyticsStore; answer: Promise<T> }>;

/** The answer `asked` already holds for this query and store, else `ask()`'s, kept for the rest of the request. */
export function askOnce<T>(asked: AskedPerQuery<T>, store: AnalyticsStore, query: StatsQuery, ask: () => Promise<T>): Promise<T> {
  const known = asked.get(query);
  if (known?.store === store) return known.answer;
  const answer = ask();
  asked.set(query, { store, answer });
  return answer;
}
