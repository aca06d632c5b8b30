// StepBuilder: the funnel's ordered steps (a page pattern or an event name, optional name, hostname and property
// filters), reorderable; submitting analyzes them.
import { useId, type FormEvent } from 'react';
import { Button } from '../button';
import { CONTROL } from '../report-kit/period-picker';
import { PropertyFiltersEditor } from '../goals/property-filters-editor';
import { TextField } from '../text-field';
import { blankStep, MAX_STEPS, MIN_STEPS, moveStep, stepsBodyOf, type StepDraft, type StepType } from './funnel-draft';

export interface StepBuilderProps {
  readonly steps: readonly StepDraft[];
  readonly onChange: (steps: StepDraft[]) => void;
  readonly onAnalyze: () => void;
}

function StepFields({ step, index, count, onChange, onMove, onRemove }: {
  step: StepDraft; index: number; count: number;
  onChange: (change: Partial<StepDraft>) => void; onMove: (offset: -1 | 1) => void; onRemove: () => void;
}) {
  const id = useId();
  const number = index + 1;
  return (
    <fieldset data-testid="funnel-step-editor" className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Step {number}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">Step {number} type</label>
          <select id={`${id}-type`} className={CONTROL} value={step.type} onChange={(event) => onChange({ type: event.target.value as StepType })}>
            <option value="page">Page visit</option>
            <option value="event">Custom event</option>
          </select>
        </div>
        <TextField
          className="min-w-0 flex-[1_1_12rem]"
          label={step.type === 'page' ? `Step ${number} path pattern` : `Step ${number} event name`}
          required
          maxLength={1024}
          value={step.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
        <TextField className="min-w-0 flex-[1_1_12rem]" label={`Step ${number} name (optional)`} maxLength={120} value={step.name} onChange={(event) => onChange({ name: event.target.value })} />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-medium focus-visible:outline-2 focus-visible:outline-indigo-500">More conditions{step.hostname || step.propertyFilters.length ? ' (set)' : ''}</summary>
        <div className="mt-2 flex flex-col gap-2">
          <TextField label={`Step ${number} hostname (optional)`} maxLength={253} value={step.hostname} onChange={(event) => onChange({ hostname: event.target.value })} />
          <PropertyFiltersEditor keyLabel={step.type === 'page' ? 'Query parameter' : 'Property'} filters={step.propertyFilters} onChange={(propertyFilters) => onChange({ propertyFilters })} />
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={index === 0} onClick={() => onMove(-1)}>Move step {number} up</Button>
        <Button variant="secondary" disabled={index === count - 1} onClick={() => onMove(1)}>Move step {number} down</Button>
        {count > MIN_STEPS ? <Button variant="secondary" onClick={onRemove}>Remove step {number}</Button> : null}
      </div>
    </fieldset>
  );
}

export function StepBuilder({ steps, onChange, onAnalyze }: StepBuilderProps) {
  const ready = stepsBodyOf(steps) !== undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onAnalyze();
  };
  return (
    <form onSubmit={submit} aria-label="Funnel steps" className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <StepFields
          key={index}
          step={step}
          index={index}
          count={steps.length}
          onChange={(change) => onChange(steps.map((entry, position) => (position === index ? { ...entry, ...change } : entry)))}
          onMove={(offset) => onChange(moveStep(steps, index, offset))}
          onRemove={() => onChange(steps.filter((_, position) => position !== index))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        {steps.length < MAX_STEPS ? <Button variant="secondary" onClick={() => onChange([...steps, blankStep()])}>Add step</Button> : null}
        <Button type="submit" disabled={!ready}>Analyze funnel</Button>
      </div>
      {ready ? null : <p className="text-xs text-slate-600 dark:text-slate-400">Every step needs a path pattern or an event name; a funnel has {MIN_STEPS} to {MAX_STEPS} steps.</p>}
    </form>
  );
}
