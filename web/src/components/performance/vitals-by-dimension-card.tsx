// VitalsByDimensionCard: every vital at the chosen percentile per page, country, device or browser (the API ranks
// and sorts the rows); a value filters the page; its report is asked once the card comes into view.
import { useId, useRef } from 'react';
import { usePerformanceByDimension, type PerformanceRow } from '../../api/performance-queries';
import type { ReportParams } from '../../api/report-query';
import { useUrlChoice } from '../../view-state/use-url-choice';
import { FOCUS_RING } from '../button';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';
import { ErrorMessage } from '../error-message';
import { benchState } from '../report-kit/bench-state';
import { ChoiceButtons } from '../report-kit/choice-buttons';
import { CONTROL } from '../report-kit/period-picker';
import { useVisible } from '../report-kit/use-visible';
import { VitalFigure } from './vital-figure';
import { figureKey, VITALS, type Percentile } from './web-vitals';

const DIMENSIONS = [
  { value: 'pathname', label: 'Pages', column: 'Page' },
  { value: 'country', label: 'Countries', column: 'Country' },
  { value: 'device_type', label: 'Devices', column: 'Device' },
  { value: 'browser', label: 'Browsers', column: 'Browser' },
] as const;
type Dimension = (typeof DIMENSIONS)[number]['value'];

const SORTS = ['events', ...VITALS.map((vital) => vital.key)] as const;
type Sort = (typeof SORTS)[number];

/** How many values the card shows. */
export const VALUES_SHOWN = 20;

const valueOf = (row: PerformanceRow, dimension: Dimension) => row[dimension] ?? '';

function csvColumns(dimension: (typeof DIMENSIONS)[number], percentile: Percentile): CsvColumn<PerformanceRow>[] {
  return [
    { header: dimension.column, value: (row) => valueOf(row, dimension.value) },
    { header: 'Performance events', value: (row) => row.event_count },
    ...VITALS.map((vital): CsvColumn<PerformanceRow> => ({
      header: `${vital.label} ${percentile}${vital.unit === 'ms' ? ' (ms)' : ''}`,
      value: (row) => row[figureKey(vital.key, percentile)],
    })),
  ];
}

export interface VitalsByDimensionCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly percentile: Percentile;
  readonly period: string;
  readonly onFilter: (parameter: string, value: string) => void;
}

export function VitalsByDimensionCard({ site, params, percentile, period, onFilter }: VitalsByDimensionCardProps) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const visible = useVisible(box);
  const [dimensionKey, setDimension] = useUrlChoice<Dimension>('by', DIMENSIONS.map((entry) => entry.value), 'pathname');
  const [sort, setSort] = useUrlChoice<Sort>('sort', SORTS, 'events');
  const dimension = DIMENSIONS.find((entry) => entry.value === dimensionKey) ?? DIMENSIONS[0];
  const report = usePerformanceByDimension(site, {
    ...params, dimension: dimension.value, limit: VALUES_SHOWN, sort_by: sort === 'events' ? 'event_count' : figureKey(sort, percentile), sort_order: 'desc',
  }, visible);
  const rows = report.data?.data.data ?? [];
  return (
    <section ref={box} aria-labelledby={id} className="min-h-64 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-2">
          <h2 id={id} className="text-base font-semibold">Web vitals by {dimension.column.toLowerCase()}</h2>
          <ChoiceButtons label="Break down by" options={DIMENSIONS} value={dimension.value} onChange={setDimension} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-sort`} className="text-xs font-medium">Sort by</label>
            <select id={`${id}-sort`} className={CONTROL} value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
              <option value="events">Most performance events</option>
              {VITALS.map((vital) => <option key={vital.key} value={vital.key}>Slowest {vital.label} {percentile}</option>)}
            </select>
          </div>
          <CsvDownloadButton fileName={csvFileName('web vitals by', dimension.column, period)} columns={csvColumns(dimension, percentile)} rows={rows} />
        </div>
      </div>
      <div data-bench-piece="vitals-by-dimension" data-bench-state={benchState(report.data !== undefined, rows.length === 0)}>
        <ErrorMessage error={report.error} />
        {report.data === undefined && !report.error ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading…</p> : null}
        {report.data && rows.length === 0 ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No web vitals for this period.</p> : null}
        {rows.length ? (
          <>
            <div tabIndex={0} role="region" aria-label={`Web vitals by ${dimension.column.toLowerCase()}, table`} className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
              <table data-testid="vitals-by-dimension" className="w-full min-w-[38rem] text-sm">
                <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 font-medium">{dimension.column}</th>
                    <th scope="col" className="py-1 text-right font-medium">Events</th>
                    {VITALS.map((vital) => <th key={vital.key} scope="col" className="py-1 text-right font-medium"><abbr title={vital.name} className="no-underline">{vital.label}</abbr> {percentile}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const value = valueOf(row, dimension.value);
                    return (
                      <tr key={value} data-row={value} className="border-t border-slate-100 align-top dark:border-slate-800">
                        <td className="max-w-48 py-1.5 pr-2">
                          <button type="button" data-value={value} title={`Filter by ${value}`} className={`w-full truncate rounded text-left hover:underline ${FOCUS_RING}`} onClick={() => onFilter(dimension.value, value)}>{value}</button>
                        </td>
                        <td className="py-1.5 text-right tabular-nums" data-count={row.event_count}>{row.event_count}</td>
                        {VITALS.map((vital) => (
                          <td key={vital.key} className="py-1.5 pl-2 text-right">
                            <VitalFigure vital={vital} value={row[figureKey(vital.key, percentile)]} testId={`cell-${vital.key}`} />
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{rows.length} of {report.data?.data.totalCount ?? rows.length} values</p>
          </>
        ) : null}
      </div>
    </section>
  );
}
