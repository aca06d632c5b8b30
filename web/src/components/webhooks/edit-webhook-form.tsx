// EditWebhookForm: changes a webhook's endpoint, description and triggers (PATCH), with its "Saved" status.
import type { FormEvent } from 'react';
import { useUpdateWebhook } from '../../api/webhook-queries';
import type { SiteGoal, Webhook } from '../../api/webhook-types';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { webhookBodyOf } from './webhook-fields';
import { WebhookFormFields } from './webhook-form-fields';

export function EditWebhookForm({ site, webhook, goals }: { site: string; webhook: Webhook; goals: readonly SiteGoal[] }) {
  const update = useUpdateWebhook(site, webhook.id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { description, ...body } = webhookBodyOf(new FormData(event.currentTarget));
    update.mutate({ ...body, description: description === '' ? null : description });
  };
  return (
    <Card title="Endpoint and triggers">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <WebhookFormFields goals={goals} webhook={webhook} />
        <ErrorMessage error={update.error} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={update.isPending}>Save the webhook</Button>
          <span role="status" className="text-sm text-slate-600 dark:text-slate-400">{update.isSuccess ? 'Saved' : ''}</span>
        </div>
      </form>
    </Card>
  );
}
