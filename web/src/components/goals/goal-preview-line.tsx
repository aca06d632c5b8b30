// GoalPreviewLine: how many sessions the draft would have converted in the chosen period (POST /goals/preview), live.
import { useMemo } from 'react';
import { useGoalPreview } from '../../api/goals-queries';
import type { GoalBody } from '../../api/goals-types';
import type { ReportParams } from '../../api/report-query';
import { ErrorMessage } from '../error-message';
import { formatRate } from './goal-format';
import { useDebounced } from './use-debounced';

export function GoalPreviewLine({ site, params, body }: { site: string; params: ReportParams; body: GoalBody | undefined }) {
  // The body's text is the dependency: a new object with the same content asks nothing new.
  const text = JSON.stringify(body ?? null);
  const settled = useDebounced(text, 400);
  const asked = useMemo(() => (JSON.parse(settled) as GoalBody | null) ?? undefined, [settled]);
  const preview = useGoalPreview(site, params, asked);
  const figures = preview.data?.data;
  const error = body === undefined ? undefined : preview.error;
  return (
    <>
      <div role="status" aria-live="polite" data-testid="goal-preview" className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
        {body === undefined ? <span>Fill in the goal to see how many sessions it would have matched.</span> : null}
        {body !== undefined && !error && figures ? (
          <span data-conversions={figures.total_conversions} data-sessions={figures.total_sessions} data-rate={figures.conversion_rate} className={preview.isFetching ? 'opacity-60' : ''}>
            In this period, <strong>{figures.total_conversions}</strong> of {figures.total_sessions} sessions would have matched ({formatRate(figures.conversion_rate)}).
          </span>
        ) : null}
        {body !== undefined && !error && !figures ? <span>Counting matching sessions…</span> : null}
        {error ? <span>No preview for this definition.</span> : null}
      </div>
      <ErrorMessage error={error} />
    </>
  );
}
