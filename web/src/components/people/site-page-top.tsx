// SitePageTop: a site list page's heading, site links, period picker and filters with saved segments (all in the URL).
import { PeriodPicker } from '../report-kit/period-picker';
import { SiteNav } from '../settings/site-nav';
import { ViewFilters } from '../segments/view-filters';
import type { useSiteView } from '../../view-state/use-site-view';

export interface SitePageTopProps {
  readonly site: string;
  readonly title: string;
  readonly siteView: ReturnType<typeof useSiteView>;
}

export function SitePageTop({ site, title, siteView }: SitePageTopProps) {
  const { view, today, update } = siteView;
  return (
    <>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <SiteNav site={site} />
      <PeriodPicker period={view.period} compare={false} today={today} onPeriod={(period) => update({ period })} />
      <ViewFilters site={site} view={view} update={update} />
    </>
  );
}
