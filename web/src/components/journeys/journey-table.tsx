// JourneyTable: the journeys as the API ranked them (pages in order, sessions, share), the diagram's text equivalent,
// with its CSV download.
import type { Journey } from '../../api/insight-types';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';

export interface JourneyTableProps {
  readonly journeys: readonly Journey[];
  readonly steps: number;
  /** Names the downloaded file (the period). */
  readonly fileLabel: string;
}

function csvColumns(steps: number): CsvColumn<Journey>[] {
  return [
    ...Array.from({ length: steps }, (_, step): CsvColumn<Journey> => ({ header: `Step ${step + 1}`, value: (journey) => journey.path[step] })),
    { header: 'Sessions', value: (journey) => journey.count },
    { header: 'Share of sessions (%)', value: (journey) => journey.percentage },
  ];
}

export function JourneyTable({ journeys, steps, fileLabel }: JourneyTableProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end">
        <CsvDownloadButton fileName={csvFileName('journeys', fileLabel)} columns={csvColumns(steps)} rows={journeys} label="Download CSV of journeys" />
      </div>
      <div className="max-h-[28rem] overflow-y-auto" tabIndex={0} role="region" aria-label="Journeys table">
        <table data-testid="journey-table" className="w-full text-sm">
          <caption className="sr-only">The most common journeys: their pages in order, sessions and share of sessions</caption>
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">#</th>
              <th scope="col" className="py-1 pr-2 font-medium">Pages</th>
              <th scope="col" className="py-1 text-right font-medium">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {journeys.map((journey, rank) => (
              <tr key={journey.path.join('\n')} data-testid="journey-row" className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className="py-1 pr-2 tabular-nums">{rank + 1}</td>
                <td className="py-1 pr-2">
                  <ol className="flex flex-wrap items-baseline gap-x-1" data-path={JSON.stringify(journey.path)}>
                    {journey.path.map((page, step) => (
                      <li key={`${step}-${page}`} className="break-all">
                        {step > 0 ? <span aria-hidden="true" className="mr-1 text-slate-500 dark:text-slate-400">→</span> : null}
                        {page}
                      </li>
                    ))}
                  </ol>
                </td>
                <td className="py-1 text-right tabular-nums" data-count={journey.count}>
                  {journey.count}<span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{journey.percentage}%</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
