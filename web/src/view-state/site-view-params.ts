// The report parameters of a site page's view (period, previous period, filters, segment, chart bucket), without
// React: what useSiteView gives a page, and what the dashboard's first questions are asked with before React runs.
import type { ReportParams } from '../api/report-query';
import { serializeFilters } from './filters';
import { bucketsFor, periodParams, previousParams, type Bucket } from './period';
import type { SiteViewState } from './url-state';

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export interface SiteViewParams {
  readonly view: SiteViewState;
  readonly today: string;
  /** The period's report parameters with the filters and segment. */
  readonly params: ReportParams;
  /** The previous period's, when comparing. */
  readonly previous: ReportParams | undefined;
  readonly buckets: readonly Bucket[];
  /** The chart's bucket: the URL's when the period offers it, else the period's first. */
  readonly bucket: Bucket;
}

/** The parameters of `view` on `today` (the period's last day, in the view's zone). */
export function siteViewParams(view: SiteViewState, today: string): SiteViewParams {
  const filters = serializeFilters(view.filters);
  const segment = view.segment;
  const params: ReportParams = { ...periodParams(view.period, view.timeZone, today), filters, segment_id: segment };
  const time = view.compare ? previousParams(view.period, view.timeZone, today) : undefined;
  const previous = time && { ...time, filters, segment_id: segment };
  const buckets = bucketsFor(view.period, today);
  const bucket = view.bucket && buckets.includes(view.bucket) ? view.bucket : (buckets[0] ?? 'day');
  return { view, today, params, previous, buckets, bucket };
}
