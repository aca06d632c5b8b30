// /sites/:site/retention: users by the day, week or month they were first seen in, and the share of them back in each later
// period, as a heat-coloured cohort grid; cohort length, window and filters in the URL.
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useRetention } from '../api/insight-queries';
import type { RetentionMode } from '../api/insight-types';
import { Card } from '../components/card';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { FilterBar } from '../components/report-kit/filter-bar';
import { InsightHeader } from '../components/report-kit/insight-header';
import { CONTROL } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { RetentionGrid } from '../components/retention/retention-grid';
import { serializeFilters } from '../view-state/filters';
import { RETENTION_MODES, RETENTION_RANGES, readRetentionView, writeRetentionView, type RetentionView } from '../view-state/retention-state';
import { useSiteView } from '../view-state/use-site-view';

function RetentionControls({ view, onChange }: { view: RetentionView; onChange: (change: Partial<RetentionView>) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-mode`} className="text-xs font-medium">Cohorts by</label>
        <select id={`${id}-mode`} data-testid="retention-mode" className={CONTROL} value={view.mode} onChange={(event) => onChange({ mode: event.target.value as RetentionMode })}>
          {RETENTION_MODES.map(({ mode, label }) => <option key={mode} value={mode}>{label}</option>)}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-range`} className="text-xs font-medium">Users first seen in</label>
        <select id={`${id}-range`} className={CONTROL} value={view.range} onChange={(event) => onChange({ range: Number(event.target.value) })}>
          {RETENTION_RANGES.map((range) => <option key={range} value={range}>the last {range} days</option>)}
        </select>
      </div>
    </div>
  );
}

export function RetentionPage() {
  const { site = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { view, update } = useSiteView();
  const retentionView = readRetentionView(search);
  const answer = useRetention(site, { mode: retentionView.mode, range: retentionView.range, time_zone: view.timeZone, filters: serializeFilters(view.filters) });
  const table = answer.data?.data;
  const cohorts = table ? Object.keys(table.cohorts).length : 0;
  return (
    <div className="flex flex-col gap-4">
      <InsightHeader site={site} title="Retention" />
      <RetentionControls view={retentionView} onChange={(change) => setSearch((current) => writeRetentionView(current, change))} />
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <ErrorMessage error={answer.error} />
      <Card title="Returning users by cohort">
        <div data-bench-piece="retention" data-bench-state={benchStateOfRows(answer.isSuccess, cohorts)}>
          {answer.isPending ? <p className="py-6 text-center text-sm">Loading…</p> : null}
          {table && cohorts === 0 ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No user was seen in this window.</p> : null}
          {table && cohorts > 0 ? <RetentionGrid table={table} fileLabel={`last ${table.range} days`} /> : null}
        </div>
      </Card>
    </div>
  );
}

export { RetentionPage as Component };
