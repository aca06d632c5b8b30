// JourneyControls: pages per journey, journeys shown, and the page journeys start or end at (a path or a pattern).
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../button';
import { CONTROL } from '../report-kit/period-picker';
import { JOURNEY_LIMITS, JOURNEY_STEPS, MAX_PAGE_LENGTH, type JourneyView } from '../../view-state/journey-state';

export interface JourneyControlsProps {
  readonly view: JourneyView;
  /** Pages seen in the journeys shown, offered as suggestions. */
  readonly pages: readonly string[];
  readonly onChange: (change: Partial<JourneyView>) => void;
}

function PageForm({ view, pages, onChange }: JourneyControlsProps) {
  const id = useId();
  const [start, setStart] = useState(view.start);
  const [end, setEnd] = useState(view.end);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ start, end });
  };
  return (
    <form onSubmit={submit} aria-label="Start and end page" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-start`} className="text-xs font-medium">Starts at page</label>
        <input id={`${id}-start`} className={CONTROL} list={`${id}-pages`} value={start} placeholder="any" maxLength={MAX_PAGE_LENGTH} aria-describedby={`${id}-hint`} onChange={(event) => setStart(event.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-end`} className="text-xs font-medium">Ends at page</label>
        <input id={`${id}-end`} className={CONTROL} list={`${id}-pages`} value={end} placeholder="any" maxLength={MAX_PAGE_LENGTH} aria-describedby={`${id}-hint`} onChange={(event) => setEnd(event.target.value)} />
      </div>
      <datalist id={`${id}-pages`}>
        {pages.map((page) => <option key={page} value={page} />)}
      </datalist>
      <Button type="submit" variant="secondary">Apply</Button>
      {view.start !== '' || view.end !== '' ? <Button variant="secondary" onClick={() => onChange({ start: '', end: '' })}>Any page</Button> : null}
      <p id={`${id}-hint`} className="w-full text-xs text-slate-600 dark:text-slate-400">A path such as /pricing, or a pattern: * is one path segment, ** anything.</p>
    </form>
  );
}

export function JourneyControls({ view, pages, onChange }: JourneyControlsProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-start gap-4">
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-steps`} className="text-xs font-medium">Pages per journey</label>
          <select id={`${id}-steps`} data-testid="journey-steps" className={CONTROL} value={view.steps} onChange={(event) => onChange({ steps: Number(event.target.value) })}>
            {JOURNEY_STEPS.map((steps) => <option key={steps} value={steps}>{steps}</option>)}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-limit`} className="text-xs font-medium">Journeys shown</label>
          <select id={`${id}-limit`} className={CONTROL} value={view.limit} onChange={(event) => onChange({ limit: Number(event.target.value) })}>
            {JOURNEY_LIMITS.map((limit) => <option key={limit} value={limit}>{limit}</option>)}
          </select>
        </div>
      </div>
      {/* Keyed by the URL's pages: going back or forward shows what is applied. */}
      <PageForm key={`${view.start}\n${view.end}`} view={view} pages={pages} onChange={onChange} />
    </div>
  );
}
