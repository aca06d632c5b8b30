// PropertyFiltersEditor: `{key, value}` rows (all must match), each with labelled inputs and a remove button.
import { useId } from 'react';
import { Button } from '../button';
import { CONTROL } from '../report-kit/period-picker';
import type { PropertyFilterDraft } from './goal-draft';

export interface PropertyFiltersEditorProps {
  /** "Query parameter" for page matches, "Property" for events. */
  readonly keyLabel: string;
  readonly filters: readonly PropertyFilterDraft[];
  readonly onChange: (filters: PropertyFilterDraft[]) => void;
}

export function PropertyFiltersEditor({ keyLabel, filters, onChange }: PropertyFiltersEditorProps) {
  const id = useId();
  const set = (index: number, change: Partial<PropertyFilterDraft>) =>
    onChange(filters.map((filter, position) => (position === index ? { ...filter, ...change } : filter)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{keyLabel} filters <span className="font-normal text-slate-600 dark:text-slate-400">(all must match)</span></legend>
      {filters.map((filter, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-key-${index}`} className="text-xs font-medium">{keyLabel} {index + 1}</label>
            <input id={`${id}-key-${index}`} className={CONTROL} value={filter.key} maxLength={256} onChange={(event) => set(index, { key: event.target.value })} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-value-${index}`} className="text-xs font-medium">Value {index + 1}</label>
            <input id={`${id}-value-${index}`} className={CONTROL} value={filter.value} maxLength={2048} onChange={(event) => set(index, { value: event.target.value })} />
          </div>
          <Button variant="secondary" aria-label={`Remove ${keyLabel.toLowerCase()} filter ${index + 1}`} onClick={() => onChange(filters.filter((_, position) => position !== index))}>×</Button>
        </div>
      ))}
      {filters.length < 20 ? (
        <div><Button variant="secondary" onClick={() => onChange([...filters, { key: '', value: '' }])}>Add {keyLabel.toLowerCase()} filter</Button></div>
      ) : null}
    </fieldset>
  );
}
