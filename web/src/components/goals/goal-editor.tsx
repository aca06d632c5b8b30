// GoalEditor: the create / edit form of a goal in a dialog: every goal type the API accepts, property filters, and
// a live preview of the sessions it would have matched in the chosen period.
import { useId, useState, type FormEvent } from 'react';
import { useSaveGoal } from '../../api/goals-queries';
import type { GoalRow, GoalType } from '../../api/goals-types';
import type { ReportParams } from '../../api/report-query';
import { Button } from '../button';
import { CONTROL } from '../report-kit/period-picker';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { bodyOf, draftOf, EMPTY_DRAFT, GOAL_TYPES, type GoalDraft } from './goal-draft';
import { GoalPreviewLine } from './goal-preview-line';
import { PropertyFiltersEditor } from './property-filters-editor';

export interface GoalEditorProps {
  readonly site: string;
  readonly params: ReportParams;
  /** The goal edited; undefined for a new goal. */
  readonly goal: GoalRow | undefined;
  readonly onClose: () => void;
}

function PatternField({ draft, onChange }: { draft: GoalDraft; onChange: (change: Partial<GoalDraft>) => void }) {
  const spec = GOAL_TYPES.find((entry) => entry.type === draft.goalType) ?? GOAL_TYPES[0];
  if (!spec) return null;
  if (draft.goalType === 'path') {
    return <TextField label={spec.field} hint={spec.hint} required maxLength={1024} value={draft.pathPattern} onChange={(event) => onChange({ pathPattern: event.target.value })} />;
  }
  if (draft.goalType === 'event') {
    return <TextField label={spec.field} hint={spec.hint} required maxLength={256} value={draft.eventName} onChange={(event) => onChange({ eventName: event.target.value })} />;
  }
  return <TextField label={spec.field} hint={spec.hint} maxLength={1024} value={draft.valuePattern} onChange={(event) => onChange({ valuePattern: event.target.value })} />;
}

/** The form; mounted afresh for each goal opened, so its fields start from that goal. */
export function GoalEditor({ site, params, goal, onClose }: GoalEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState<GoalDraft>(goal ? draftOf(goal) : EMPTY_DRAFT);
  const save = useSaveGoal(site);
  const body = bodyOf(draft);
  const change = (next: Partial<GoalDraft>) => setDraft((current) => ({ ...current, ...next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body) save.mutate({ goalId: goal?.goalId, body }, { onSuccess: onClose });
  };
  return (
    <Dialog open title={goal ? 'Edit goal' : 'New goal'} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3" aria-label={goal ? 'Edit goal' : 'New goal'}>
        <TextField label="Name (optional)" maxLength={120} value={draft.name} onChange={(event) => change({ name: event.target.value })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">Goal type</label>
          <select id={`${id}-type`} className={CONTROL} value={draft.goalType} onChange={(event) => change({ goalType: event.target.value as GoalType })}>
            {GOAL_TYPES.map((entry) => <option key={entry.type} value={entry.type}>{entry.label}</option>)}
          </select>
        </div>
        <PatternField draft={draft} onChange={change} />
        <PropertyFiltersEditor keyLabel={draft.goalType === 'path' ? 'Query parameter' : 'Property'} filters={draft.propertyFilters} onChange={(propertyFilters) => change({ propertyFilters })} />
        <GoalPreviewLine site={site} params={params} body={body} />
        <ErrorMessage error={save.error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={!body || save.isPending}>{goal ? 'Save goal' : 'Create goal'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
