// GoalsTable: the goals with their conversions and rate as the API returned them, editing controls for editors,
// and the rows as a CSV file.
import type { GoalRow } from '../../api/goals-types';
import { Button } from '../button';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { describeGoal, goalTitle, goalTypeLabel } from './goal-draft';
import { formatRate } from './goal-format';
import { formatRevenue } from '../report-kit/engagement-format';

export interface GoalsTableProps {
  readonly goals: readonly GoalRow[];
  readonly fileName: string;
  /** Absent for read-only visitors: no edit or delete button. */
  readonly onEdit?: (goal: GoalRow) => void;
  readonly onDelete?: (goal: GoalRow) => void;
}

const CSV_COLUMNS: ReadonlyArray<CsvColumn<GoalRow>> = [
  { header: 'Goal id', value: (goal) => goal.goalId },
  { header: 'Name', value: (goal) => goal.name },
  { header: 'Type', value: (goal) => goal.goalType },
  { header: 'Matches', value: (goal) => describeGoal(goal) },
  { header: 'Conversions', value: (goal) => goal.total_conversions },
  { header: 'Sessions', value: (goal) => goal.total_sessions },
  { header: 'Conversion rate', value: (goal) => goal.conversion_rate },
  { header: 'Revenue currency', value: (goal) => goal.revenue.currency ?? '' },
  { header: 'Revenue', value: (goal) => goal.revenue.total ?? '' },
  { header: 'Average revenue per conversion', value: (goal) => goal.revenue.average ?? '' },
  { header: 'Revenue by currency', value: (goal) => goal.revenue.by_currency.map((part) => `${part.total} ${part.currency}`).join('; ') },
];

export function GoalsTable({ goals, fileName, onEdit, onDelete }: GoalsTableProps) {
  const editable = onEdit !== undefined && onDelete !== undefined;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={CSV_COLUMNS} rows={goals} /></div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Goals table">
        <table data-testid="goals-table" className="w-full text-sm">
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">Goal</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Conversions</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Rate</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Revenue</th>
              {editable ? <th scope="col" className="py-1 text-right font-medium"><span className="sr-only">Actions</span></th> : null}
            </tr>
          </thead>
          <tbody>
            {goals.map((goal) => (
              <tr key={goal.goalId} data-goal-id={goal.goalId} className="border-t border-slate-100 align-top dark:border-slate-800">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  <span data-testid="goal-title" className="block font-medium">{goalTitle(goal)}</span>
                  <span className="block wrap-anywhere text-xs text-slate-600 dark:text-slate-400">{goal.name === null ? goalTypeLabel(goal.goalType) : describeGoal(goal)}</span>
                </th>
                <td className="py-2 pr-2 text-right tabular-nums" data-conversions={goal.total_conversions}>
                  {goal.total_conversions}<span className="block text-xs text-slate-600 dark:text-slate-400">of {goal.total_sessions}</span>
                </td>
                <td className="py-2 pr-2 text-right tabular-nums" data-rate={goal.conversion_rate}>{formatRate(goal.conversion_rate)}</td>
                <td className="py-2 pr-2 text-right tabular-nums" data-testid="goal-revenue" data-total={goal.revenue.total ?? ''}>
                  {formatRevenue(goal.revenue)}
                  {goal.revenue.average !== null && goal.revenue.events > 0 ? <span className="block text-xs text-slate-600 dark:text-slate-400">{goal.revenue.average} per conversion</span> : null}
                </td>
                {editable ? (
                  <td className="py-2 text-right">
                    <div className="flex flex-wrap justify-end gap-1">
                      <Button variant="secondary" className="min-h-8 px-2 py-1" aria-label={`Edit ${goalTitle(goal)}`} onClick={() => onEdit(goal)}>Edit</Button>
                      <Button variant="secondary" className="min-h-8 px-2 py-1" aria-label={`Delete ${goalTitle(goal)}`} onClick={() => onDelete(goal)}>Delete</Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
