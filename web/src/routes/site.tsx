// /sites/:site: the site's dashboard (for now its name and the overview's top-line numbers for the last 24 hours).
import { Link, useParams } from 'react-router';
import { LAST_24_HOURS, useOverview, useSite } from '../api/queries';
import type { OverviewFigures } from '../api/types';
import { FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';

const FIGURES: ReadonlyArray<{ key: keyof OverviewFigures; label: string }> = [
  { key: 'users', label: 'Visitors' },
  { key: 'sessions', label: 'Sessions' },
  { key: 'pageviews', label: 'Pageviews' },
  { key: 'pages_per_session', label: 'Pages per session' },
  { key: 'bounce_rate', label: 'Bounce rate (%)' },
  { key: 'session_duration', label: 'Session duration (s)' },
];

export function SitePage() {
  const { site = '' } = useParams();
  const details = useSite(site);
  const overview = useOverview(site, LAST_24_HOURS);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{details.data?.name ?? 'Site'}</h1>
        <Link to={`/sites/${site}/install`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Script tag</Link>
      </div>
      <ErrorMessage error={details.error ?? overview.error} />
      <h2 className="text-sm text-slate-600 dark:text-slate-400">Last 24 hours</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {FIGURES.map(({ key, label }) => (
          <div key={key} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd data-testid={`overview-${key}`} className="text-xl font-semibold tabular-nums">{overview.data?.data[key] ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export { SitePage as Component };
