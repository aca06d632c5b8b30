// The session breakdown cards' first questions, asked as one (GET /breakdowns, a Loupe extension): the first card of
// them in view asks for all, and each card reads its part under its own /metric query key, so a tab switched away and
// back, or another page asking the same /metric, shares the cache as before. The server reads the session rows once
// for all of them instead of once per card.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reportQuery, type ReportParams } from './report-query';
import type { GetResponse } from './types';

type MetricAnswer = GetResponse<'/api/sites/{site}/metric'>;

export interface SharedBreakdown {
  readonly parameter: string;
  readonly limit: number;
}

/** The view's parameters with the shared breakdowns named: what GET /breakdowns is asked with. */
export const breakdownsParams = (params: ReportParams, shared: readonly SharedBreakdown[]): ReportParams => ({
  ...params,
  parameters: shared.map((entry) => entry.parameter).join(','),
  limits: shared.map((entry) => entry.limit).join(','),
});

/** The one question answering every shared breakdown of the view. */
export const breakdownsQuery = (site: string, params: ReportParams, shared: readonly SharedBreakdown[]) =>
  reportQuery('/api/sites/{site}/breakdowns', site, breakdownsParams(params, shared));

/** `parameter`'s part of the shared answer, as /metric answers it; /metric itself when the answer lacks it. */
async function sharedPart(client: QueryClient, site: string, params: ReportParams, shared: readonly SharedBreakdown[], parameter: string, own: () => Promise<MetricAnswer>): Promise<MetricAnswer> {
  const answer = await client.fetchQuery(breakdownsQuery(site, params, shared));
  const part = answer.data.find((entry) => entry.parameter === parameter);
  return part ? { data: { data: part.data, totalCount: part.totalCount } } : own();
}

/** A /metric breakdown's rows; asked through the shared question when it is one of `shared` (same parameter and limit). */
export function useMetricBreakdown(site: string, params: ReportParams, parameter: string, limit: number, shared: readonly SharedBreakdown[]) {
  const client = useQueryClient();
  const own = reportQuery('/api/sites/{site}/metric', site, { ...params, parameter, limit });
  const together = shared.some((entry) => entry.parameter === parameter && entry.limit === limit);
  return useQuery({ queryKey: own.queryKey, queryFn: together ? () => sharedPart(client, site, params, shared, parameter, own.queryFn) : own.queryFn });
}
