// /sites/:site/funnels: build a funnel's steps, see the sessions reaching each step with conversion and drop-off
// (POST /funnels/analyze in the period and filters), and save, open or delete saved funnels. The analyzed steps
// (`steps`) or the opened saved funnel (`funnel`) are in the URL; without either, the first saved funnel is shown.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDeleteFunnel, useFunnelAnalysis, useSavedFunnels } from '../api/goals-queries';
import type { SavedFunnel } from '../api/goals-types';
import { useSite } from '../api/site-queries';
import { Card } from '../components/card';
import { csvFileName } from '../components/csv';
import { FilterBar } from '../components/report-kit/filter-bar';
import { PeriodPicker } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { blankStep, draftsOf, parseStepsParam, stepsBodyOf, type StepDraft } from '../components/funnels/funnel-draft';
import { FunnelChart } from '../components/funnels/funnel-chart';
import { SaveFunnelForm } from '../components/funnels/save-funnel-form';
import { SavedFunnelsList } from '../components/funnels/saved-funnels-list';
import { StepBuilder } from '../components/funnels/step-builder';
import { ConfirmDeleteDialog } from '../components/goals/confirm-delete-dialog';
import { useCanEdit } from '../components/goals/use-can-edit';
import { SiteNav } from '../components/settings/site-nav';
import { useSiteView } from '../view-state/use-site-view';

const positive = (text: string | null) => (text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);
const NEW_FUNNEL: readonly StepDraft[] = [blankStep('page'), blankStep('page')];

/** The builder's own state, started from the steps shown; the page remounts it (key) when another funnel is shown. */
function Builder({ initial, onAnalyze }: { initial: readonly StepDraft[]; onAnalyze: (steps: StepDraft[]) => void }) {
  const [steps, setSteps] = useState<StepDraft[]>([...initial]);
  return <StepBuilder steps={steps} onChange={setSteps} onAnalyze={() => onAnalyze(steps)} />;
}

export function FunnelsPage() {
  const { site = '' } = useParams();
  const details = useSite(site);
  const { view, today, params, update } = useSiteView();
  const [search, setSearch] = useSearchParams();
  const readOnly = !useCanEdit(site);
  const saved = useSavedFunnels(site);
  const remove = useDeleteFunnel(site);
  const [deleting, setDeleting] = useState<SavedFunnel | undefined>(undefined);
  const funnels = saved.data?.data;
  const urlSteps = parseStepsParam(search.get('steps'));
  const opened = urlSteps ? undefined : (funnels?.find((funnel) => funnel.funnelId === positive(search.get('funnel'))) ?? funnels?.[0]);
  const steps = urlSteps ?? opened?.steps;
  const analysis = useFunnelAnalysis(site, params, steps);
  const show = (change: { steps?: string; funnel?: number }) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete('steps');
      next.delete('funnel');
      if (change.steps !== undefined) next.set('steps', change.steps);
      if (change.funnel !== undefined) next.set('funnel', String(change.funnel));
      return next;
    });
  const builderKey = urlSteps ? `steps:${search.get('steps') ?? ''}` : `funnel:${opened?.funnelId ?? 'new'}`;
  const waiting = !funnels && !urlSteps;
  const chartState = waiting || (steps !== undefined && !analysis.data) ? 'loading' : steps === undefined ? 'empty' : 'ready';
  const period = params.start_date ? `${String(params.start_date)} ${String(params.end_date)}` : 'last 24 hours';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Funnels{details.data ? `: ${details.data.name}` : ''}</h1>
      <SiteNav site={site} />
      <PeriodPicker period={view.period} today={today} onPeriod={(next) => update({ period: next })} />
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <ErrorMessage error={details.error ?? saved.error} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title={opened ? `Funnel: ${opened.name}` : 'Funnel'}>
          <div data-bench-piece="funnel-chart" data-bench-state={chartState}>
            <ErrorMessage error={analysis.error} />
            {chartState === 'loading' && !analysis.error ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading…</p> : null}
            {chartState === 'empty' ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Add at least two steps and analyze them to see the funnel.</p> : null}
            {chartState === 'ready' && analysis.data ? <FunnelChart steps={analysis.data.data} fileName={csvFileName('funnel', opened?.name ?? '', period)} /> : null}
          </div>
        </Card>
        <Card title="Saved funnels">
          <div data-bench-piece="saved-funnels" data-bench-state={funnels ? (funnels.length === 0 ? 'empty' : 'ready') : 'loading'}>
            {funnels && funnels.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No saved funnel yet.</p> : null}
            {funnels && funnels.length > 0 ? (
              <SavedFunnelsList
                funnels={funnels}
                openId={opened?.funnelId}
                onOpen={(funnel) => show({ funnel: funnel.funnelId })}
                {...(readOnly ? {} : { onDelete: (funnel: SavedFunnel) => setDeleting(funnel) })}
              />
            ) : null}
          </div>
        </Card>
      </div>
      <Card title="Steps">
        {waiting ? null : (
          <Builder key={builderKey} initial={steps ? draftsOf(steps) : NEW_FUNNEL} onAnalyze={(drafts) => show({ steps: JSON.stringify(stepsBodyOf(drafts)) })} />
        )}
      </Card>
      {readOnly ? null : (
        <Card title="Save these steps">
          <SaveFunnelForm site={site} steps={steps} onSaved={(funnelId) => show({ funnel: funnelId })} />
        </Card>
      )}
      {deleting ? (
        <ConfirmDeleteDialog
          what={`funnel “${deleting.name}”`}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting.funnelId, { onSuccess: () => { setDeleting(undefined); if (opened?.funnelId === deleting.funnelId) show({}); } })}
          onClose={() => { setDeleting(undefined); remove.reset(); }}
        />
      ) : null}
    </div>
  );
}

export { FunnelsPage as Component };
