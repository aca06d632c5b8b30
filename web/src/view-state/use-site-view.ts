// useSiteView: the dashboard's URL state with its setters, and the report parameters it gives (period, previous, filters, segment).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportParams } from '../api/queries';
import { serializeFilters } from './filters';
import { bucketsFor, periodParams, previousParams, todayIn } from './period';
import { readViewState, writeViewState, type SiteViewState } from './url-state';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useSiteView() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => readViewState(search, browserZone()), [search]);
  const today = todayIn(view.timeZone, new Date());
  const periodKey = JSON.stringify(view.period);
  const filters = serializeFilters(view.filters);
  const segment = view.segment;
  const params = useMemo<ReportParams>(() => ({ ...periodParams(view.period, view.timeZone, today), filters, segment_id: segment }), [periodKey, view.timeZone, today, filters, segment]);
  const previous = useMemo<ReportParams | undefined>(() => {
    const time = view.compare ? previousParams(view.period, view.timeZone, today) : undefined;
    return time && { ...time, filters, segment_id: segment };
  }, [periodKey, view.compare, view.timeZone, today, filters, segment]);
  const buckets = bucketsFor(view.period, today);
  const bucket = view.bucket && buckets.includes(view.bucket) ? view.bucket : (buckets[0] ?? 'day');
  const update = (change: Partial<SiteViewState>) => setSearch((current) => writeViewState(current, change), { replace: false });
  return { view, today, params, previous, buckets, bucket, update };
}
