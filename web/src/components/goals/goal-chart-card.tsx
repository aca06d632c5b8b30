// GoalChartCard: one goal's conversions per time bucket (GET /goals/time-series), the goal chosen in a select.
import { useId } from 'react';
import { useGoalsTimeSeries } from '../../api/goals-queries';
import type { GoalRow, GoalsTimeSeries } from '../../api/goals-types';
import type { ReportParams } from '../../api/report-query';
import type { Bucket } from '../../view-state/period';
import { Card } from '../card';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { CONTROL } from '../report-kit/period-picker';
import { ErrorMessage } from '../error-message';
import { ConversionsChart } from './conversions-chart';
import { goalTitle } from './goal-draft';

type Point = GoalsTimeSeries['data'][number];

export interface GoalChartCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly bucket: Bucket;
  /** Undefined while the goals are loading. */
  readonly goals: readonly GoalRow[] | undefined;
  /** The goal drawn (already one of `goals`), or undefined when there is none. */
  readonly goal: GoalRow | undefined;
  readonly onGoal: (goalId: number) => void;
  readonly fileName: string;
}

const CSV_COLUMNS: ReadonlyArray<CsvColumn<Point>> = [
  { header: 'Time', value: (point) => point.time },
  { header: 'Goal id', value: (point) => point.goal_id },
  { header: 'Conversions', value: (point) => point.conversions },
  { header: 'Sessions', value: (point) => point.total_sessions },
  { header: 'Conversion rate', value: (point) => point.conversion_rate },
];

export function GoalChartCard({ site, params, bucket, goals, goal, onGoal, fileName }: GoalChartCardProps) {
  const id = useId();
  const series = useGoalsTimeSeries(site, { ...params, bucket }, goal ? [goal.goalId] : []);
  const points = series.data?.data ?? [];
  const state = goals === undefined ? 'loading' : goal === undefined ? 'empty' : series.data ? 'ready' : 'loading';
  return (
    <Card>
      <div data-bench-piece="goal-chart" data-bench-state={state} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold">Conversions over time</h2>
          {goals && goals.length > 0 ? (
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`${id}-goal`} className="text-xs font-medium">Goal</label>
              <select id={`${id}-goal`} className={`${CONTROL} max-w-full`} value={goal?.goalId ?? ''} onChange={(event) => onGoal(Number(event.target.value))}>
                {goals.map((entry) => <option key={entry.goalId} value={entry.goalId}>{goalTitle(entry)}</option>)}
              </select>
            </div>
          ) : null}
        </div>
        <ErrorMessage error={series.error} />
        {goals !== undefined && goal === undefined ? <p className="text-sm text-slate-600 dark:text-slate-400">No goal to chart yet.</p> : null}
        {goal !== undefined && series.data ? (
          <>
            <ConversionsChart times={points.map((point) => point.time)} values={points.map((point) => point.conversions)} label={`Conversions of ${goalTitle(goal)}`} />
            <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={CSV_COLUMNS} rows={points} label="Download CSV of the series" /></div>
          </>
        ) : null}
        {goal !== undefined && !series.data && !series.error ? <div style={{ height: 220 }} aria-hidden="true" /> : null}
      </div>
    </Card>
  );
}
