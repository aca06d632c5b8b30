// TanStack Query hooks of the sessions, users, segments and annotations pages; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { sitePath, useReport, type ReportParams } from './report-query';
import type { Annotation } from './types';
import type {
  AnnotationChange, CreatedAnnotation, NewAnnotation, NewSegment, Segment, SegmentChange, SessionDetail,
  TraitValues, UserDetail,
} from './people-types';


export const useSessions = (site: string, params: ReportParams, enabled = true) =>
  useReport('/api/sites/{site}/sessions', site, params, { enabled });

export const useSessionDetail = (site: string, sessionId: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/sessions/detail', site, sessionId, params],
    queryFn: async () => (await apiRequest<{ data: SessionDetail }>(sitePath(site, `/sessions/${encodeURIComponent(sessionId)}`, params))).data,
    retry: false,
  });

export const useUsers = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/users', site, params);

export const useUserDetail = (site: string, userId: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/users/detail', site, userId, params],
    queryFn: async () => (await apiRequest<{ data: UserDetail }>(sitePath(site, `/users/${encodeURIComponent(userId)}`, params))).data,
    retry: false,
  });

export const useTraitKeys = (site: string, params: ReportParams, enabled = true) =>
  useReport('/api/sites/{site}/user-traits/keys', site, params, { enabled });

export const useTraitValues = (site: string, params: ReportParams, key: string | undefined) =>
  useQuery({
    queryKey: ['/api/sites/user-traits/values', site, params, key],
    queryFn: () => apiRequest<TraitValues>(sitePath(site, '/user-traits/values', { ...params, key })),
    enabled: key !== undefined,
  });

// Segments: listed when the segment menu opens or a segment is applied (not on every dashboard render).

export const useSegments = (site: string, enabled: boolean) =>
  useQuery({ queryKey: ['/api/sites/segments', site], queryFn: () => apiRequest<Segment[]>(sitePath(site, '/segments')), enabled });

function useSegmentWrite<TInput, TResult>(site: string, call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/segments', site] }) });
}

export const useCreateSegment = (site: string) =>
  useSegmentWrite(site, (body: NewSegment) => apiRequest<Segment>(sitePath(site, '/segments'), { method: 'POST', body }));

export const useUpdateSegment = (site: string) =>
  useSegmentWrite(site, ({ segmentId, change }: { segmentId: number; change: SegmentChange }) =>
    apiRequest<Segment>(sitePath(site, `/segments/${segmentId}`), { method: 'PUT', body: change }));

export const useDeleteSegment = (site: string) =>
  useSegmentWrite(site, (segmentId: number) => apiRequest<{ success: true }>(sitePath(site, `/segments/${segmentId}`), { method: 'DELETE' }));

// Annotations: every write refreshes the chart's lists.

function useAnnotationWrite<TInput, TResult>(site: string, call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/annotations', site] }) });
}

export const useCreateAnnotation = (site: string) =>
  useAnnotationWrite(site, (body: NewAnnotation) => apiRequest<CreatedAnnotation>(sitePath(site, '/annotations'), { method: 'POST', body }));

export const useUpdateAnnotation = (site: string) =>
  useAnnotationWrite(site, ({ annotationId, change }: { annotationId: string; change: AnnotationChange }) =>
    apiRequest<Annotation>(sitePath(site, `/annotations/${encodeURIComponent(annotationId)}`), { method: 'PUT', body: change }));

export const useDeleteAnnotation = (site: string) =>
  useAnnotationWrite(site, (annotationId: string) => apiRequest<{ success: true }>(sitePath(site, `/annotations/${encodeURIComponent(annotationId)}`), { method: 'DELETE' }));
