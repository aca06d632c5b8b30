// SitePageTop: a site list page's header: heading, site links, period picker and filters with saved segments (all in the URL).
import { SiteHeader } from '../report-kit/site-header';
import type { useSiteView } from '../../view-state/use-site-view';

export interface SitePageTopProps {
  readonly site: string;
  readonly title: string;
  readonly siteView: ReturnType<typeof useSiteView>;
}

export function SitePageTop({ site, title, siteView }: SitePageTopProps) {
  return <SiteHeader site={site} title={title} view={siteView.view} today={siteView.today} update={siteView.update} />;
}
