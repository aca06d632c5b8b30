// EngagementCards: the visit duration from engaged time, time on page and scroll depth for the period.
import { useEngagement } from '../../api/engagement-revenue-queries';
import type { ReportParams } from '../../api/report-query';
import { ErrorMessage } from '../error-message';
import { formatSeconds } from '../report-kit/engagement-format';

export function EngagementCards({ site, params }: { site: string; params: ReportParams }) {
  const engagement = useEngagement(site, params);
  if (engagement.error) return <ErrorMessage error={engagement.error} />;
  const data = engagement.data?.data;
  const figures = [
    { key: 'engaged-duration', label: 'Engaged visit duration', value: data ? formatSeconds(data.engaged_session_duration) : '–' },
    { key: 'time-on-page', label: 'Time on page', value: data ? formatSeconds(data.time_on_page_seconds) : '–' },
    { key: 'scroll-depth', label: 'Scroll depth', value: data ? `${Math.round(data.scroll_depth)}%` : '–' },
  ];
  return (
    <dl aria-label="Engagement" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.key} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{figure.label}</dt>
          <dd data-testid={`engagement-${figure.key}`} className="text-xl font-semibold tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
