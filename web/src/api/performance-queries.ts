// The web-vitals reports the performance page reads: their types (generated from the OpenAPI document) and hooks.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { sitePath, type ReportParams } from './report-query';
import type { GetResponse } from './types';

export type PerformanceOverview = GetResponse<'/api/sites/{site}/performance/overview'>;
export type PerformanceTimeSeries = GetResponse<'/api/sites/{site}/performance/time-series'>;
export type PerformanceByDimension = GetResponse<'/api/sites/{site}/performance/by-dimension'>;
export type PerformanceRow = PerformanceByDimension['data']['data'][number];

export const usePerformanceOverview = (site: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/performance/overview', site, params],
    queryFn: () => apiRequest<PerformanceOverview>(sitePath(site, '/performance/overview', params)),
  });

export const usePerformanceTimeSeries = (site: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/performance/time-series', site, params],
    queryFn: () => apiRequest<PerformanceTimeSeries>(sitePath(site, '/performance/time-series', params)),
  });

export const usePerformanceByDimension = (site: string, params: ReportParams, enabled: boolean) =>
  useQuery({
    queryKey: ['/api/sites/performance/by-dimension', site, params],
    queryFn: () => apiRequest<PerformanceByDimension>(sitePath(site, '/performance/by-dimension', params)),
    enabled,
  });
