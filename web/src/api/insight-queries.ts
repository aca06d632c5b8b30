// TanStack Query hooks of the journeys, retention and errors pages; query keys start with the path they read.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ErrorEventsAnswer, ErrorTimeSeriesAnswer } from './insight-types';
import { sitePath, useReport, type ReportParams } from './report-query';


export const useJourneys = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/journeys', site, params);

export const useRetention = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/retention', site, params);

export const useErrorNames = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/errors/names', site, params);

/** Nothing is asked until an error message is chosen. */
export const useErrorEvents = (site: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/errors/events', site, params],
    queryFn: () => apiRequest<ErrorEventsAnswer>(sitePath(site, '/errors/events', params)),
    enabled: params.errorMessage !== undefined,
  });

export const useErrorTimeSeries = (site: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/errors/time-series', site, params],
    queryFn: () => apiRequest<ErrorTimeSeriesAnswer>(sitePath(site, '/errors/time-series', params)),
    enabled: params.errorMessage !== undefined,
  });
