// WebhookFormFields: URL, description, event names and goals of a webhook (the create and the edit forms).
import type { SiteGoal, Webhook } from '../../api/webhook-types';
import { CheckboxField } from '../checkbox-field';
import { TextAreaField } from '../settings/text-area-field';
import { TextField } from '../text-field';
import { goalLabel } from './webhook-fields';

export function WebhookFormFields({ goals, webhook }: { goals: readonly SiteGoal[]; webhook?: Webhook }) {
  return (
    <>
      <TextField label="Endpoint URL" name="url" type="url" required maxLength={2048} defaultValue={webhook?.url} autoComplete="off" spellCheck={false}
        hint="https:// address that receives a signed POST for each match" />
      <TextField label="Description" name="description" maxLength={500} defaultValue={webhook?.description ?? ''} autoComplete="off" />
      <TextAreaField label="Event names" name="eventNames" defaultValue={webhook?.event_names.join('\n') ?? ''} spellCheck={false}
        hint="One custom event name per line; each stored event with that name is sent" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Goals</legend>
        {goals.length === 0 ? <p className="text-xs text-slate-600 dark:text-slate-400">This site has no goal yet: events by name only.</p> : null}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {goals.map((goal) => (
            <CheckboxField key={goal.goalId} name="goalId" value={goal.goalId} label={goalLabel(goal)} hint={`${goal.goalType} goal`} defaultChecked={webhook?.goal_ids.includes(goal.goalId)} />
          ))}
        </div>
      </fieldset>
    </>
  );
}
