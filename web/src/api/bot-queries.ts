// The bot reports the bots page reads: their types (generated from the OpenAPI document) and hooks.
import { useReport, type ReportParams } from './report-query';
import type { GetResponse } from './types';

export type BotOverview = GetResponse<'/api/sites/{site}/bots/overview'>;
export type BotTimeSeries = GetResponse<'/api/sites/{site}/bots/time-series'>;
export type BotBreakdown = GetResponse<'/api/sites/{site}/bots/by-dimension'>;
export type AiSummary = GetResponse<'/api/sites/{site}/bots/ai-summary'>;
export type AiOperatorSummary = AiSummary['data'][number];

export const useBotOverview = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/bots/overview', site, params);

export const useBotTimeSeries = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/bots/time-series', site, params);

export const useBotBreakdown = (site: string, params: ReportParams, enabled: boolean) =>
  useReport('/api/sites/{site}/bots/by-dimension', site, params, { enabled });

export const useAiSummary = (site: string, params: ReportParams, enabled: boolean) =>
  useReport('/api/sites/{site}/bots/ai-summary', site, params, { enabled });
