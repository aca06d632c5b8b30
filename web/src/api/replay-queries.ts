// The session replay pages' API: recordings listed (GET /session-replay/list), one played ({events, metadata}), one deleted.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { sitePath, useReport, type ReportParams } from './report-query';
import type { GetResponse } from './types';

export type ReplayList = GetResponse<'/api/sites/{site}/session-replay/list'>;
export type ReplayItem = ReplayList['data'][number];
export type Recording = GetResponse<'/api/sites/{site}/session-replay/{sessionId}'>;

export const useReplays = (site: string, params: ReportParams, enabled = true) =>
  useReport('/api/sites/{site}/session-replay/list', site, params, { enabled });

export const useRecording = (site: string, sessionId: string) =>
  useQuery({
    queryKey: ['/api/sites/session-replay', site, sessionId],
    queryFn: () => apiRequest<Recording>(sitePath(site, `/session-replay/${encodeURIComponent(sessionId)}`)),
    retry: false,
    staleTime: 10 * 60_000,
  });

export function useDeleteRecording(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiRequest<{ success: true }>(sitePath(site, `/session-replay/${encodeURIComponent(sessionId)}`), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/session-replay/list', site] }),
  });
}
