// useSiteView: the dashboard's URL state with its setters, and the report parameters it gives (period, previous,
// filters, segment; computed by site-view-params.ts, which the questions asked before the page mounts use too).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { todayIn } from './period';
import { browserZone, siteViewParams } from './site-view-params';
import { readViewState, writeViewState, type SiteViewState } from './url-state';

export function useSiteView() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => readViewState(search, browserZone()), [search]);
  const today = todayIn(view.timeZone, new Date());
  // Recomputed when the URL or the day changes, so the parameter objects keep their identity between renders.
  const derived = useMemo(() => siteViewParams(view, today), [view, today]);
  const update = (change: Partial<SiteViewState>) => setSearch((current) => writeViewState(current, change), { replace: false });
  return { ...derived, update };
}
