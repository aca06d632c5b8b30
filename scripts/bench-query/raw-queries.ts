// The hand-written raw ClickHouse SQL of every benchmarked endpoint, by the id data/endpoints.json names:
// the least SQL that computes the endpoint's answer straight in the store, every value bound.
import { LIST_QUERIES } from './raw-list-queries.js';
import { OTHER_QUERIES } from './raw-other-queries.js';
import type { RawQuery } from './raw-scope.js';
import { TRAFFIC_QUERIES } from './raw-traffic-queries.js';
import { ENGAGEMENT_REVENUE_QUERIES } from './raw-engagement-revenue-queries.js';

export const RAW_QUERIES: Readonly<Record<string, RawQuery>> = { ...TRAFFIC_QUERIES, ...LIST_QUERIES, ...OTHER_QUERIES, ...ENGAGEMENT_REVENUE_QUERIES };

export function rawQueryOf(id: string): RawQuery {
  const query = RAW_QUERIES[id];
  if (!query) throw new Error(`no raw query ${id}`);
  return query;
}
