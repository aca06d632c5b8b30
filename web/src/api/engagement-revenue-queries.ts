// The engagement and revenue reports' hooks and shapes, taken from the generated schema.d.ts.
import { useReport, type ReportParams } from './report-query';
import type { GetResponse } from './types';

export type Engagement = GetResponse<'/api/sites/{site}/engagement'>['data'];
export type PageEngagement = GetResponse<'/api/sites/{site}/engagement/pages'>['data'];
export type PageEngagementRow = PageEngagement['data'][number];
export type RevenueTotals = GetResponse<'/api/sites/{site}/revenue'>['data'];
export type RevenueBreakdown = GetResponse<'/api/sites/{site}/revenue/breakdown'>['data'];
export type RevenueRow = RevenueBreakdown['data'][number];
export type Revenue = RevenueRow['revenue'];

export const useEngagement = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/engagement', site, params, { secondary: true });

export const usePageEngagement = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/engagement/pages', site, params);

export const useRevenue = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/revenue', site, params);

export const useRevenueBreakdown = (site: string, params: ReportParams) =>
  useReport('/api/sites/{site}/revenue/breakdown', site, params);
