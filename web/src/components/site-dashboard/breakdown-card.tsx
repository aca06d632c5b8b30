// BreakdownCard: a titled card with tab buttons; its report is asked only once the card comes into view.
import { useId, useRef, useState } from 'react';
import type { ReportParams } from '../../api/report-query';
import { FOCUS_RING } from '../button';
import { csvFileName } from '../csv';
import type { BreakdownCardSpec } from './breakdown-cards';
import { BreakdownTabView } from './breakdown-tab-view';
import { useVisible } from '../report-kit/use-visible';
import type { Filter } from '../../view-state/filters';

export interface BreakdownCardProps {
  readonly site: string;
  readonly spec: BreakdownCardSpec;
  readonly params: ReportParams;
  readonly filters: readonly Filter[];
  readonly onFilter: (parameter: string, value: string) => void;
  readonly onFilters: (filters: Filter[]) => void;
  /** The period in words, for the tables' file names. */
  readonly period: string;
}

export function BreakdownCard({ site, spec, params, filters, onFilter, onFilters, period }: BreakdownCardProps) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const visible = useVisible(box);
  const [tabIndex, setTabIndex] = useState(0);
  const tab = spec.tabs[tabIndex] ?? spec.tabs[0];
  // A one-tab card is named by its title alone (its tab mostly repeats it).
  const tableName = tab === undefined || spec.tabs.length === 1 ? spec.title : `${spec.title}, ${tab.label}`;
  return (
    <section ref={box} aria-labelledby={id} data-testid={`card-${spec.title.toLowerCase().replace(/\s+/g, '-')}`} className="min-h-64 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">{spec.title}</h2>
        {spec.tabs.length > 1 ? (
          <div role="group" aria-label={`${spec.title} views`} className="flex flex-wrap gap-1">
            {spec.tabs.map((entry, index) => (
              <button
                key={entry.label}
                type="button"
                aria-pressed={index === tabIndex}
                onClick={() => setTabIndex(index)}
                className={`rounded px-2 py-1 text-xs ${index === tabIndex ? 'bg-indigo-100 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'} ${FOCUS_RING}`}
              >
                {entry.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {visible && tab ? <BreakdownTabView site={site} tab={tab} valueLabel={spec.valueLabel} params={params} filters={filters} onFilter={onFilter} onFilters={onFilters} fileName={csvFileName(tableName, period)} tableName={tableName} /> : null}
    </section>
  );
}
