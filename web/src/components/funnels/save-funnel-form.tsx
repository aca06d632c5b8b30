// SaveFunnelForm: saves the steps being built under a name (POST /funnels); tells the page the new funnel's id.
import { useState, type FormEvent } from 'react';
import { useSaveFunnel } from '../../api/goals-queries';
import type { FunnelStepBody } from '../../api/goals-types';
import { Button } from '../button';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';

export function SaveFunnelForm({ site, steps, onSaved }: { site: string; steps: FunnelStepBody[] | undefined; onSaved: (funnelId: number) => void }) {
  const [name, setName] = useState('');
  const save = useSaveFunnel(site);
  const ready = steps !== undefined && name.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) save.mutate({ name: name.trim(), steps }, { onSuccess: (created) => { setName(''); onSaved(created.funnelId); } });
  };
  return (
    <form onSubmit={submit} aria-label="Save funnel" className="flex flex-col gap-2">
      <p className="text-xs text-slate-600 dark:text-slate-400">{steps ? `Saves the ${steps.length} steps of the funnel shown.` : 'Analyze some steps first.'}</p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField className="min-w-0 flex-1" label="Funnel name" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" disabled={!ready || save.isPending}>Save funnel</Button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}
