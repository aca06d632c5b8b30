// InsightHeader: the heading of a site's report page (the page's name and the site's) with the site's page links.
import { useSite } from '../../api/site-queries';
import { ErrorMessage } from '../error-message';
import { SiteNav } from '../settings/site-nav';

export function InsightHeader({ site, title }: { site: string; title: string }) {
  const details = useSite(site);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{title}{details.data ? `: ${details.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={details.error} />
    </>
  );
}
