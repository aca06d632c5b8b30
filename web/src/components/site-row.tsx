// SiteRow: one site of the sites page: its name and domain, visitors in the last 24 hours and their sparkline.
import { Link } from 'react-router';
import { LAST_24_HOURS } from '../api/realtime-queries';
import { useReport } from '../api/report-query';
import type { Site } from '../api/types';
import { FOCUS_RING } from './button';
import { Sparkline } from './sparkline';

const HOURLY = { ...LAST_24_HOURS, bucket: 'hour' } as const;

export function SiteRow({ site }: { site: Site }) {
  const overview = useReport('/api/sites/{site}/overview', site.id, LAST_24_HOURS);
  const series = useReport('/api/sites/{site}/overview/time-series', site.id, HOURLY);
  const visitors = overview.data?.data.users;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0">
        <Link to={`/sites/${site.id}`} className={`block truncate rounded font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`}>{site.name}</Link>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">{site.domain}</p>
      </div>
      <div className="flex items-center gap-4">
        <Sparkline values={series.data?.data.map((bucket) => bucket.users) ?? []} label={`Visitors per hour on ${site.name}, last 24 hours`} />
        <p className="text-right">
          <span data-testid="visitors-24h" className="block text-xl font-semibold tabular-nums">{visitors ?? '–'}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">visitors, 24 h</span>
        </p>
      </div>
    </li>
  );
}
