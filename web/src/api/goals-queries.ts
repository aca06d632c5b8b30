// TanStack Query hooks of the goals and funnels pages; query keys start with the path they read.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { sitePath, type ReportParams } from './report-query';
import type {
  CreatedFunnel, CreatedGoal, FunnelAnalysis, FunnelStepBody, GoalBody, GoalPreview, GoalsReport, GoalsTimeSeries, NewFunnel, SavedFunnels,
} from './goals-types';


/** The most goals the report gives in one page. */
export const GOALS_PAGE_SIZE = 100;

export const useGoals = (site: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/goals', site, params],
    queryFn: () => apiRequest<GoalsReport>(sitePath(site, '/goals', { ...params, page_size: GOALS_PAGE_SIZE })),
  });

export const useGoalsTimeSeries = (site: string, params: ReportParams, goalIds: readonly number[]) =>
  useQuery({
    queryKey: ['/api/sites/goals/time-series', site, params, goalIds],
    queryFn: () => apiRequest<GoalsTimeSeries>(sitePath(site, '/goals/time-series', { ...params, goal_ids: JSON.stringify(goalIds) })),
    enabled: goalIds.length > 0,
  });

/** The conversions a draft would have in the period; the previous answer stays shown while the next one comes. */
export const useGoalPreview = (site: string, params: ReportParams, body: GoalBody | undefined) =>
  useQuery({
    queryKey: ['/api/sites/goals/preview', site, params, body],
    queryFn: () => apiRequest<GoalPreview>(sitePath(site, '/goals/preview', params), { method: 'POST', body }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

function useGoalsChanged() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: ['/api/sites/goals'] }),
    client.invalidateQueries({ queryKey: ['/api/sites/goals/time-series'] }),
  ]);
}

/** Creates a goal, or replaces goal `goalId`'s definition. */
export function useSaveGoal(site: string) {
  const changed = useGoalsChanged();
  return useMutation({
    mutationFn: ({ goalId, body }: { goalId: number | undefined; body: GoalBody }) =>
      goalId === undefined
        ? apiRequest<CreatedGoal>(sitePath(site, '/goals'), { method: 'POST', body })
        : apiRequest<{ success: true }>(sitePath(site, `/goals/${goalId}`), { method: 'PUT', body }),
    onSuccess: changed,
  });
}

export function useDeleteGoal(site: string) {
  const changed = useGoalsChanged();
  return useMutation({
    mutationFn: (goalId: number) => apiRequest<{ success: true }>(sitePath(site, `/goals/${goalId}`), { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export const useSavedFunnels = (site: string) =>
  useQuery({ queryKey: ['/api/sites/funnels', site], queryFn: () => apiRequest<SavedFunnels>(sitePath(site, '/funnels')) });

export const useFunnelAnalysis = (site: string, params: ReportParams, steps: readonly FunnelStepBody[] | undefined) =>
  useQuery({
    queryKey: ['/api/sites/funnels/analyze', site, params, steps],
    queryFn: () => apiRequest<FunnelAnalysis>(sitePath(site, '/funnels/analyze', params), { method: 'POST', body: { steps } }),
    enabled: steps !== undefined,
    retry: false,
  });

export function useSaveFunnel(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewFunnel) => apiRequest<CreatedFunnel>(sitePath(site, '/funnels'), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/funnels', site] }),
  });
}

export function useDeleteFunnel(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (funnelId: number) => apiRequest<{ success: true }>(sitePath(site, `/funnels/${funnelId}`), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/funnels', site] }),
  });
}
