// SessionNarrowingForm: identified sessions only, and minimum pageviews, events and length, applied to the URL on submit.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { CONTROL } from '../report-kit/period-picker';
import { minimumOf, NARROWING_FIELDS, readNarrowing, writeNarrowing, type NarrowingField, type SessionNarrowing } from './session-narrowing';

export function SessionNarrowingForm() {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const current = readNarrowing(search);
  const [identified, setIdentified] = useState(current.identified_only === 'true');
  const [minimums, setMinimums] = useState<Record<NarrowingField, string>>({
    min_pageviews: String(current.min_pageviews ?? ''), min_events: String(current.min_events ?? ''), min_duration: String(current.min_duration ?? ''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: { -readonly [K in keyof SessionNarrowing]: SessionNarrowing[K] } = identified ? { identified_only: 'true' } : {};
    for (const { name } of NARROWING_FIELDS) {
      const value = minimumOf(minimums[name].trim());
      if (value !== undefined) next[name] = value;
    }
    setSearch((previous) => writeNarrowing(previous, next));
  };
  return (
    <form onSubmit={submit} aria-label="Narrow the sessions" className="mb-3 flex flex-wrap items-end gap-3">
      {NARROWING_FIELDS.map(({ name, label }) => (
        <div key={name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${name}`} className="text-xs font-medium">{label}</label>
          <input
            id={`${id}-${name}`} className={`${CONTROL} w-28`} inputMode="numeric" pattern="\d*" value={minimums[name]}
            onChange={(event) => setMinimums((values) => ({ ...values, [name]: event.target.value }))}
          />
        </div>
      ))}
      <div className="min-h-10 pb-1"><CheckboxField label="Identified users only" checked={identified} onChange={(event) => setIdentified(event.target.checked)} /></div>
      <Button type="submit" variant="secondary">Apply</Button>
    </form>
  );
}
