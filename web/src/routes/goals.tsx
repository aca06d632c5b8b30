// /sites/:site/goals: the goals with their conversions and rate in the period (filters apply), one goal's time
// series, and for editors creating, editing (with a live preview) and deleting goals. All view state is in the URL.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDeleteGoal, useGoals } from '../api/goals-queries';
import type { GoalRow } from '../api/goals-types';
import { useSite } from '../api/site-queries';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { csvFileName } from '../components/csv';
import { FilterBar } from '../components/report-kit/filter-bar';
import { PeriodPicker } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { ConfirmDeleteDialog } from '../components/goals/confirm-delete-dialog';
import { GoalChartCard } from '../components/goals/goal-chart-card';
import { goalTitle } from '../components/goals/goal-draft';
import { GoalEditor } from '../components/goals/goal-editor';
import { GoalsTable } from '../components/goals/goals-table';
import { RevenueCard } from '../components/goals/revenue-card';
import { useCanEdit } from '../components/goals/use-can-edit';
import { SiteNav } from '../components/settings/site-nav';
import { useSiteView } from '../view-state/use-site-view';

type Editing = { goal: GoalRow | undefined } | undefined;

const positive = (text: string | null) => (text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Goal pages" className="flex flex-wrap items-center justify-end gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
      <span>Page {page} of {totalPages}</span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>Next</Button>
    </nav>
  );
}

export function GoalsPage() {
  const { site = '' } = useParams();
  const details = useSite(site);
  const { view, today, params, bucket, update } = useSiteView();
  const [search, setSearch] = useSearchParams();
  const page = positive(search.get('page')) ?? 1;
  const goals = useGoals(site, { ...params, page: page === 1 ? undefined : page });
  const readOnly = !useCanEdit(site);
  const [editing, setEditing] = useState<Editing>(undefined);
  const [deleting, setDeleting] = useState<GoalRow | undefined>(undefined);
  const remove = useDeleteGoal(site);
  const rows = goals.data?.data ?? [];
  const chosen = rows.find((goal) => goal.goalId === positive(search.get('goal'))) ?? rows[0];
  const setParam = (name: string, value: string | undefined) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === undefined) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const period = params.start_date ? `${String(params.start_date)} ${String(params.end_date)}` : 'last 24 hours';
  const state = goals.data ? (rows.length === 0 ? 'empty' : 'ready') : 'loading';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Goals{details.data ? `: ${details.data.name}` : ''}</h1>
        {readOnly ? null : <Button onClick={() => setEditing({ goal: undefined })}>New goal</Button>}
      </div>
      <SiteNav site={site} />
      <PeriodPicker period={view.period} today={today} onPeriod={(next) => update({ period: next })} />
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <ErrorMessage error={details.error ?? goals.error} />
      <Card title="Conversions">
        <div data-bench-piece="goals-table" data-bench-state={state}>
          {state === 'loading' && !goals.error ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading…</p> : null}
          {state === 'empty' ? (
            <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{readOnly ? 'This site has no goals yet.' : 'No goals yet: create one to count the sessions that reach it.'}</p>
          ) : null}
          {state === 'ready' ? (
            <GoalsTable
              goals={rows}
              fileName={csvFileName('goals', period)}
              {...(readOnly ? {} : { onEdit: (goal: GoalRow) => setEditing({ goal }), onDelete: (goal: GoalRow) => setDeleting(goal) })}
            />
          ) : null}
          {goals.data ? <Pager page={page} totalPages={goals.data.meta.totalPages} onPage={(next) => setParam('page', next === 1 ? undefined : String(next))} /> : null}
        </div>
      </Card>
      <RevenueCard site={site} params={params} fileName={csvFileName('revenue', period)} />
      <GoalChartCard
        site={site}
        params={params}
        bucket={bucket}
        goals={goals.data?.data}
        goal={chosen}
        onGoal={(goalId) => setParam('goal', String(goalId))}
        fileName={csvFileName('goal', chosen ? goalTitle(chosen) : '', period)}
      />
      {editing ? <GoalEditor key={editing.goal?.goalId ?? 'new'} site={site} params={params} goal={editing.goal} onClose={() => setEditing(undefined)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          what={`goal “${goalTitle(deleting)}”`}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting.goalId, { onSuccess: () => setDeleting(undefined) })}
          onClose={() => { setDeleting(undefined); remove.reset(); }}
        />
      ) : null}
    </div>
  );
}

export { GoalsPage as Component };
