// The bot reports the bots page reads: their types (generated from the OpenAPI document) and hooks.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { sitePath, type ReportParams } from './report-query';
import type { GetResponse } from './types';

export type BotOverview = GetResponse<'/api/sites/{site}/bots/overview'>;
export type BotTimeSeries = GetResponse<'/api/sites/{site}/bots/time-series'>;
export type BotBreakdown = GetResponse<'/api/sites/{site}/bots/by-dimension'>;
export type AiSummary = GetResponse<'/api/sites/{site}/bots/ai-summary'>;
export type AiOperatorSummary = AiSummary['data'][number];

export const useBotOverview = (site: string, params: ReportParams) =>
  useQuery({ queryKey: ['/api/sites/bots/overview', site, params], queryFn: () => apiRequest<BotOverview>(sitePath(site, '/bots/overview', params)) });

export const useBotTimeSeries = (site: string, params: ReportParams) =>
  useQuery({ queryKey: ['/api/sites/bots/time-series', site, params], queryFn: () => apiRequest<BotTimeSeries>(sitePath(site, '/bots/time-series', params)) });

export const useBotBreakdown = (site: string, params: ReportParams, enabled: boolean) =>
  useQuery({ queryKey: ['/api/sites/bots/by-dimension', site, params], queryFn: () => apiRequest<BotBreakdown>(sitePath(site, '/bots/by-dimension', params)), enabled });

export const useAiSummary = (site: string, params: ReportParams, enabled: boolean) =>
  useQuery({ queryKey: ['/api/sites/bots/ai-summary', site, params], queryFn: () => apiRequest<AiSummary>(sitePath(site, '/bots/ai-summary', params)), enabled });
