// FilterBar: the active filters as chips (each removable) and an editor adding any filter type the API knows.
import { displayValue } from '../dimensions/dimension-display';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, FOCUS_RING } from '../button';
import { CONTROL } from './period-picker';
import { FILTER_PARAMETERS, addFilter, needsValue, parameterLabel, removeFilter, typeLabel, typesFor, type Filter, type FilterType } from '../../view-state/filters';

export interface FilterBarProps {
  readonly filters: readonly Filter[];
  readonly onChange: (filters: Filter[]) => void;
}

export interface FilterBarFrameProps extends FilterBarProps {
  /** More controls in the bar's row (the saved segments). */
  readonly actions?: ReactNode;
}

function FilterEditor({ filters, onChange, onDone }: FilterBarProps & { onDone: () => void }) {
  const id = useId();
  const [parameter, setParameter] = useState('pathname');
  const [urlParam, setUrlParam] = useState('');
  const [type, setType] = useState<FilterType>('equals');
  const [value, setValue] = useState('');
  const name = parameter === 'url_param' ? `url_param:${urlParam.trim()}` : parameter;
  const types = typesFor(name);
  const chosenType = types.some((entry) => entry.type === type) ? type : 'equals';
  const complete = name !== 'url_param:' && (!needsValue(chosenType) || value.trim() !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    onChange(addFilter(filters, { parameter: name, type: chosenType, value: needsValue(chosenType) ? [value.trim()] : [] }));
    onDone();
  };
  return (
    <form onSubmit={submit} aria-label="Add a filter" className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-parameter`} className="text-xs font-medium">Dimension</label>
        <select id={`${id}-parameter`} className={CONTROL} value={parameter} onChange={(event) => setParameter(event.target.value)}>
          {FILTER_PARAMETERS.map((entry) => <option key={entry.parameter} value={entry.parameter}>{entry.label}</option>)}
          <option value="url_param">URL parameter…</option>
        </select>
      </div>
      {parameter === 'url_param' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-url-param`} className="text-xs font-medium">Parameter name</label>
          <input id={`${id}-url-param`} className={CONTROL} value={urlParam} maxLength={256} onChange={(event) => setUrlParam(event.target.value)} />
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-type`} className="text-xs font-medium">Condition</label>
        <select id={`${id}-type`} className={CONTROL} value={chosenType} onChange={(event) => setType(event.target.value as FilterType)}>
          {types.map((entry) => <option key={entry.type} value={entry.type}>{entry.label}</option>)}
        </select>
      </div>
      {needsValue(chosenType) ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-value`} className="text-xs font-medium">Value</label>
          <input id={`${id}-value`} className={CONTROL} value={value} maxLength={2048} onChange={(event) => setValue(event.target.value)} />
        </div>
      ) : null}
      <Button type="submit" disabled={!complete}>Add filter</Button>
      <Button variant="secondary" onClick={onDone}>Cancel</Button>
    </form>
  );
}

export function FilterBar({ filters, onChange, actions }: FilterBarFrameProps) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {filters.length === 0 ? null : <ul aria-label="Active filters" className="flex flex-wrap gap-2" data-testid="filter-chips">
          {filters.map((filter, index) => {
            const text = `${parameterLabel(filter.parameter)} ${typeLabel(filter.type)}${filter.value.length ? ` ${filter.value.map((value) => displayValue(filter.parameter, value)).join(', ')}` : ''}`;
            return (
              <li key={JSON.stringify(filter)} className="flex items-center gap-1 rounded-full bg-indigo-100 py-1 pl-3 pr-1 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
                <span>{text}</span>
                <button type="button" aria-label={`Remove filter ${text}`} className={`rounded-full px-2 hover:bg-indigo-200 dark:hover:bg-indigo-900 ${FOCUS_RING}`} onClick={() => onChange(removeFilter(filters, index))}>×</button>
              </li>
            );
          })}
        </ul>}
        {editing ? null : <Button variant="secondary" onClick={() => setEditing(true)}>Add filter</Button>}
        {filters.length > 1 ? <Button variant="secondary" onClick={() => onChange([])}>Clear filters</Button> : null}
        {actions}
      </div>
      {editing ? <FilterEditor filters={filters} onChange={onChange} onDone={() => setEditing(false)} /> : null}
    </div>
  );
}
