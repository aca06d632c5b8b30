// useSiteView: the dashboard's URL state with its setters, and the report parameters it gives (period, previous,
// filters, segment); siteViewParams is the same without React, for the questions asked before the page mounts.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportParams } from '../api/report-query';
import { serializeFilters } from './filters';
import { bucketsFor, periodParams, previousParams, todayIn, type Bucket } from './period';
import { readViewState, writeViewState, type SiteViewState } from './url-state';

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

export function useSiteView() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => readViewState(search, browserZone()), [search]);
  const today = todayIn(view.timeZone, new Date());
  // Recomputed when the URL or the day changes, so the parameter objects keep their identity between renders.
  const derived = useMemo(() => siteViewParams(view, today), [view, today]);
  const update = (change: Partial<SiteViewState>) => setSearch((current) => writeViewState(current, change), { replace: false });
  return { ...derived, update };
}
