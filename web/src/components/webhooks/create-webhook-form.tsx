// CreateWebhookForm: a new webhook's endpoint and triggers; its signing secret is shown once, with a copy button
// and a link to the new webhook's page.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCreateWebhook } from '../../api/webhook-queries';
import type { CreatedWebhook, SiteGoal } from '../../api/webhook-types';
import { Button, FOCUS_RING } from '../button';
import { ErrorMessage } from '../error-message';
import { ShownOnceSecret } from '../shown-once-secret';
import { webhookBodyOf } from './webhook-fields';
import { WebhookFormFields } from './webhook-form-fields';

export function CreateWebhookForm({ site, goals }: { site: string; goals: readonly SiteGoal[] }) {
  const create = useCreateWebhook(site);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { description, ...body } = webhookBodyOf(new FormData(event.currentTarget));
    const target = event.currentTarget;
    create.mutate({ ...body, ...(description === '' ? {} : { description }) }, { onSuccess: (webhook) => { setCreated(webhook); target.reset(); } });
  };
  if (created) {
    return (
      <div className="flex flex-col gap-3">
        <ShownOnceSecret what="the signing secret" label="Signing secret" secret={created.secret} testId="webhook-secret" onDone={() => setCreated(null)} />
        <Link to={`/sites/${encodeURIComponent(site)}/webhooks/${encodeURIComponent(created.id)}`} className={`self-start rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>
          Open the new webhook
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <WebhookFormFields goals={goals} />
      <ErrorMessage error={create.error} />
      <Button type="submit" disabled={create.isPending} className="self-start">Add the webhook</Button>
    </form>
  );
}
