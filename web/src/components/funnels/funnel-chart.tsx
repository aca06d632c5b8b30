// FunnelChart: a bar per step (its width the API's conversion rate from step 1) with sessions and drop-off, and the
// same figures as a table with its CSV.
import type { FunnelStepResult } from '../../api/goals-types';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { formatRevenue } from '../report-kit/engagement-format';

const CSV_COLUMNS: ReadonlyArray<CsvColumn<FunnelStepResult>> = [
  { header: 'Step', value: (step) => step.step_number },
  { header: 'Name', value: (step) => step.step_name },
  { header: 'Sessions', value: (step) => step.sessions },
  { header: 'Conversion rate (%)', value: (step) => step.conversion_rate },
  { header: 'Drop-off rate (%)', value: (step) => step.dropoff_rate },
  { header: 'Revenue', value: (step) => (step.revenue && step.revenue.events > 0 ? formatRevenue(step.revenue) : '') },
];

export function FunnelChart({ steps, fileName }: { steps: readonly FunnelStepResult[]; fileName: string }) {
  return (
    <div className="flex flex-col gap-4">
      <ol data-testid="funnel-bars" aria-label="Sessions reaching each step" className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.step_number} data-step={step.step_number} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="min-w-0 wrap-anywhere font-medium">{step.step_number}. {step.step_name}</span>
              <span className="tabular-nums">
                <span data-sessions={step.sessions}>{step.sessions} sessions</span>
                <span className="text-slate-600 dark:text-slate-400"> · {step.conversion_rate}% of step 1</span>
              </span>
            </div>
            <div aria-hidden="true" className="h-6 w-full rounded bg-slate-100 dark:bg-slate-800">
              <div className="h-6 rounded bg-indigo-500 dark:bg-indigo-400" style={{ width: `${Math.min(100, step.conversion_rate)}%` }} />
            </div>
            {step.step_number > 1 ? (
              <span className="text-xs text-rose-700 dark:text-rose-400" data-dropoff={step.dropoff_rate}>{step.dropoff_rate}% dropped off after the previous step</span>
            ) : null}
            {step.revenue && step.revenue.events > 0 ? (
              <span className="text-sm" data-testid="funnel-revenue" data-total={step.revenue.total ?? ''}>
                Revenue: {formatRevenue(step.revenue)}{step.revenue.average !== null ? ` (${step.revenue.average} per completed session)` : ''}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={CSV_COLUMNS} rows={steps} /></div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Funnel steps table">
        <table data-testid="funnel-table" className="w-full text-sm">
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">Step</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Sessions</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Conversion</th>
              <th scope="col" className="py-1 text-right font-medium">Drop-off</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.step_number} data-step={step.step_number} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="wrap-anywhere py-1 pr-2 text-left font-normal">{step.step_number}. {step.step_name}</th>
                <td className="py-1 pr-2 text-right tabular-nums" data-sessions={step.sessions}>{step.sessions}</td>
                <td className="py-1 pr-2 text-right tabular-nums" data-conversion={step.conversion_rate}>{step.conversion_rate}%</td>
                <td className="py-1 text-right tabular-nums" data-dropoff={step.dropoff_rate}>{step.step_number === 1 ? '–' : `${step.dropoff_rate}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
