// A short text naming the period of a page's report parameters, for downloaded files' names.
import type { ReportParams } from '../api/report-query';

export function periodLabel(params: ReportParams): string {
  if (params.start_date !== undefined && params.end_date !== undefined) return `${params.start_date} to ${params.end_date}`;
  return 'last 24 hours';
}
