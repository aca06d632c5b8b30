// CreateAlertForm: a new alert rule. A preset fills metric, window, condition and threshold; the channels are
// email addresses (one per line) and the site's webhooks.
import { useState, type FormEvent } from 'react';
import type { AlertPreset } from '../../api/alert-types';
import { useCreateAlert } from '../../api/alert-queries';
import type { SiteGoal, Webhook } from '../../api/webhook-types';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { ErrorMessage } from '../error-message';
import { SelectField } from '../select-field';
import { TextAreaField } from '../settings/text-area-field';
import { TextField } from '../text-field';
import { goalLabel } from '../webhooks/webhook-fields';
import { alertBodyOf, CONDITION_LABELS, METRIC_LABELS } from './alert-fields';

interface Definition {
  readonly metric: string;
  readonly window: string;
  readonly condition: string;
  readonly threshold: string;
}

const BLANK: Definition = { metric: 'visitors', window: 'hour', condition: 'above', threshold: '' };
const entries = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export function CreateAlertForm({ site, presets, goals, webhooks }: { site: string; presets: readonly AlertPreset[]; goals: readonly SiteGoal[]; webhooks: readonly Webhook[] }) {
  const create = useCreateAlert(site);
  const [definition, setDefinition] = useState<Definition>(BLANK);
  const [created, setCreated] = useState<string | null>(null);
  const change = (key: keyof Definition) => (event: { target: { value: string } }) => setDefinition({ ...definition, [key]: event.target.value });
  const applyPreset = (name: string) => {
    const preset = presets.find((each) => each.name === name);
    setDefinition(preset ? { metric: preset.metric, window: preset.window, condition: preset.condition, threshold: String(preset.threshold) } : BLANK);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    create.mutate(alertBodyOf(new FormData(target)), {
      onSuccess: (alert) => {
        setCreated(alert.name);
        setDefinition(BLANK);
        target.reset();
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="create-alert">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Name" name="name" required maxLength={120} autoComplete="off" />
        <SelectField label="Preset" name="preset" defaultValue="" onChange={(event) => applyPreset(event.target.value)}
          options={[{ value: '', label: 'None (choose below)' }, ...presets.map((preset) => ({ value: preset.name, label: preset.title }))]}
          hint={presets.map((preset) => `${preset.title}: ${preset.description}`).join('. ')} />
        <SelectField label="Metric" name="metric" value={definition.metric} onChange={change('metric')} options={entries(METRIC_LABELS)} />
        {definition.metric === 'goal_conversions' ? (
          <SelectField label="Goal" name="goalId" options={goals.map((goal) => ({ value: String(goal.goalId), label: goalLabel(goal) }))} />
        ) : null}
        {definition.metric === 'web_vital' ? (
          <SelectField label="Vital (75th percentile)" name="vital" options={['lcp', 'inp', 'cls', 'fcp', 'ttfb'].map((vital) => ({ value: vital, label: vital.toUpperCase() }))} />
        ) : null}
        <SelectField label="Window" name="window" value={definition.window} onChange={change('window')} options={[{ value: 'hour', label: 'The last hour' }, { value: 'day', label: 'The last day' }]} />
        <SelectField label="Condition" name="condition" value={definition.condition} onChange={change('condition')} options={entries(CONDITION_LABELS)} />
        <TextField label="Threshold" name="threshold" type="number" required min={0} step="any" value={definition.threshold} onChange={change('threshold')} />
        <TextField label="Page path (optional)" name="path" maxLength={2048} autoComplete="off" spellCheck={false} hint="Only pageviews and visits of this exact path count" />
      </div>
      <TextAreaField label="Email recipients" name="emails" spellCheck={false} hint="One address per line: a mail when the alert fires and one when it resolves" />
      {webhooks.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Webhooks</legend>
          {webhooks.map((webhook) => <CheckboxField key={webhook.id} name="webhookId" value={webhook.id} label={webhook.description || webhook.url} hint="Receives signed alert.fired and alert.resolved deliveries" />)}
        </fieldset>
      ) : null}
      <ErrorMessage error={create.error} />
      {created ? <p role="status" className="text-sm">Alert “{created}” created: it is checked every minute.</p> : null}
      <Button type="submit" disabled={create.isPending} className="self-start">Add the alert</Button>
    </form>
  );
}
