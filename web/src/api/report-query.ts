// useReport: the one typed hook every report card uses. A card names the API path as the OpenAPI document spells
// it (`/api/sites/{site}/metric`) and gets that route's answer type from the generated schema; the query key is
// the path without `{site}`, the site and the parameters (so `['/api/sites/metric']` invalidates every metric).
//
// Secondary questions (the previous period's comparison, the engagement figures) wait until no primary question
// is in flight: the embedded store answers one query at a time, so a question asked early only delays the ones a
// reader looks at first (top-line figures, chart, the breakdowns in view).
import { useIsFetching, useQuery, type Query } from '@tanstack/react-query';
import { apiRequest, sitePath } from './client';
import type { paths } from './schema';
import type { GetResponse } from './types';

export type ReportParams = Record<string, string | number | undefined>;

const SITE_PREFIX = '/api/sites/{site}';

/** A GET route under `/api/sites/{site}` with no other path parameter. */
export type SiteReportPath = {
  [P in Extract<keyof paths, `${typeof SITE_PREFIX}/${string}`>]: P extends `${typeof SITE_PREFIX}/${string}{${string}` ? never : paths[P]['get'] extends { responses: unknown } ? P : never;
}[Extract<keyof paths, `${typeof SITE_PREFIX}/${string}`>];

export { sitePath };

/** The query key of a report: its path without `{site}`, then the site and the parameters. */
export const reportKey = (path: SiteReportPath, site: string, params: ReportParams) => [path.replace('/{site}', ''), site, params] as const;

export interface ReportOptions {
  /** False: not asked (yet). */
  readonly enabled?: boolean;
  /** Asked only once no primary question is in flight (see the file's head). */
  readonly secondary?: boolean;
  /** Asked again every so many ms. */
  readonly refetchInterval?: number | false;
}

const isPrimary = (query: Query) => query.meta?.['secondary'] !== true;

/** Whether no primary question is in flight. */
export function usePrimaryIdle(): boolean {
  return useIsFetching({ predicate: isPrimary }) === 0;
}

/** The key and the fetch of a report: what useReport asks, and what a page may ask before it mounts. */
export const reportQuery = <P extends SiteReportPath>(path: P, site: string, params: ReportParams) => ({
  queryKey: reportKey(path, site, params),
  queryFn: () => apiRequest<GetResponse<P>>(sitePath(site, path.slice(SITE_PREFIX.length), params)),
});

export function useReport<P extends SiteReportPath>(path: P, site: string, params: ReportParams, options: ReportOptions = {}) {
  const idle = usePrimaryIdle();
  const enabled = (options.enabled ?? true) && (options.secondary !== true || idle);
  return useQuery({
    ...reportQuery(path, site, params),
    enabled,
    ...(options.secondary ? { meta: { secondary: true } } : {}),
    ...(options.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
  });
}
