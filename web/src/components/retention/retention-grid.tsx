// RetentionGrid: the cohort table as the API gave it (cohort, its size, the % active each later period) coloured by
// the heat scale, with a legend and its CSV download.
import type { RetentionTable } from '../../api/insight-types';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';
import { HEAT_STEPS, heatLook } from './heat-scale';

type Cohort = RetentionTable['cohorts'][string] & { readonly start: string };

const PERIOD_NAMES = { week: 'Week', day: 'Day', month: 'Month' } as const;
/** The heading of the cohort column: what its `YYYY-MM-DD` keys start. */
const COHORT_HEADINGS = { week: 'Week starting', day: 'Day', month: 'Month starting' } as const;

function csvColumns(table: RetentionTable): CsvColumn<Cohort>[] {
  return [
    { header: COHORT_HEADINGS[table.mode], value: (cohort) => cohort.start },
    { header: 'Users', value: (cohort) => cohort.size },
    ...Array.from({ length: table.maxPeriods + 1 }, (_, period): CsvColumn<Cohort> => ({
      header: `${PERIOD_NAMES[table.mode]} ${period} (%)`,
      value: (cohort) => cohort.percentages[period],
    })),
  ];
}

function Legend() {
  const bounds = [0, ...HEAT_STEPS];
  const label = (index: number) => {
    const low = bounds[index] ?? 0;
    const high = bounds[index + 1];
    if (index === 0) return '0%';
    if (high === undefined) return `${low}% or more`;
    return index === 1 ? `under ${high}%` : `${low}–${high}%`;
  };
  return (
    <ul aria-label="Colour scale" className="flex flex-wrap gap-1 text-xs">
      {bounds.map((bound, index) => <li key={bound} className={`rounded px-2 py-1 ${heatLook(index === 0 ? 0 : bound)}`}>{label(index)}</li>)}
    </ul>
  );
}

export function RetentionGrid({ table, fileLabel }: { table: RetentionTable; fileLabel: string }) {
  const cohorts: Cohort[] = Object.entries(table.cohorts).map(([start, cohort]) => ({ ...cohort, start }));
  const periods = Array.from({ length: table.maxPeriods + 1 }, (_, period) => period);
  const periodName = PERIOD_NAMES[table.mode];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Legend />
        <CsvDownloadButton fileName={csvFileName('retention', table.mode, fileLabel)} columns={csvColumns(table)} rows={cohorts} label="Download CSV of cohorts" />
      </div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Cohorts table (scrolls sideways)">
        <table data-testid="retention-grid" className="w-full border-separate border-spacing-0.5 text-sm">
          <caption className="sr-only">
            Users by the {table.mode} they were first seen in, and the percentage of them active each {table.mode} after
          </caption>
          <thead className="text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="sticky left-0 bg-white px-2 py-1 text-left font-medium dark:bg-slate-900">{COHORT_HEADINGS[table.mode]}</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">Users</th>
              {periods.map((period) => <th key={period} scope="col" className="px-2 py-1 text-right font-medium whitespace-nowrap">{periodName} {period}</th>)}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((cohort) => (
              <tr key={cohort.start} data-testid="retention-cohort" data-cohort={cohort.start}>
                <th scope="row" className="sticky left-0 bg-white px-2 py-1 text-left font-medium whitespace-nowrap tabular-nums dark:bg-slate-900">{cohort.start}</th>
                <td className="px-2 py-1 text-right tabular-nums" data-size={cohort.size}>{cohort.size}</td>
                {periods.map((period) => {
                  const percentage = cohort.percentages[period] ?? null;
                  return (
                    <td key={period} data-period={period} data-percentage={percentage ?? ''} className={`rounded px-2 py-1 text-right tabular-nums whitespace-nowrap ${heatLook(percentage)}`}>
                      {percentage === null ? <span className="sr-only">not yet</span> : `${percentage}%`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
