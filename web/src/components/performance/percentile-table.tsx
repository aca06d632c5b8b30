// PercentileTable: every vital at p50, p75, p90 and p99 as /performance/overview returned them, rated, with its CSV.
import type { PerformanceOverview } from '../../api/performance-queries';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';
import { VitalFigure } from './vital-figure';
import { figureKey, PERCENTILES, rateVital, RATING_LABELS, VITALS, type Vital } from './web-vitals';

type Figures = PerformanceOverview['data'];
interface Row { readonly vital: Vital; readonly figures: Figures }

const COLUMNS: readonly CsvColumn<Row>[] = [
  { header: 'Vital', value: (row) => row.vital.label },
  { header: 'Unit', value: (row) => row.vital.unit },
  ...PERCENTILES.flatMap((percentile): CsvColumn<Row>[] => [
    { header: percentile, value: (row) => row.figures[figureKey(row.vital.key, percentile)] },
    { header: `${percentile} rating`, value: (row) => { const rating = rateVital(row.vital, row.figures[figureKey(row.vital.key, percentile)]); return rating && RATING_LABELS[rating]; } },
  ]),
];

export function PercentileTable({ figures, period }: { figures: Figures; period: string }) {
  const rows = VITALS.map((vital) => ({ vital, figures }));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">All percentiles</h3>
        <CsvDownloadButton fileName={csvFileName('web vitals', period)} columns={COLUMNS} rows={rows} />
      </div>
      <div tabIndex={0} role="region" aria-label="Web vitals by percentile" className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
        <table data-testid="percentile-table" className="w-full min-w-[28rem] text-sm">
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 font-medium">Vital</th>
              {PERCENTILES.map((percentile) => <th key={percentile} scope="col" className="py-1 text-right font-medium">{percentile}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ vital }) => (
              <tr key={vital.key} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1.5 text-left font-medium">{vital.label}</th>
                {PERCENTILES.map((percentile) => (
                  <td key={percentile} className="py-1.5 text-right">
                    <VitalFigure vital={vital} value={figures[figureKey(vital.key, percentile)]} testId={`percentile-${vital.key}-${percentile}`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
