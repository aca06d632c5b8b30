// DeleteWebhookSection: deletes the webhook and its delivery log after a confirmation, then opens the list.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteWebhook } from '../../api/webhook-queries';
import { Button } from '../button';
import { Card } from '../card';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';

const DANGER = 'bg-red-700 hover:bg-red-800 disabled:bg-red-300 dark:disabled:bg-red-950';

export function DeleteWebhookSection({ site, webhookId, url }: { site: string; webhookId: string; url: string }) {
  const remove = useDeleteWebhook(site, webhookId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const confirm = () => remove.mutate(undefined, { onSuccess: () => navigate(`/sites/${encodeURIComponent(site)}/webhooks`) });
  return (
    <Card title="Delete the webhook" className="border-red-300 dark:border-red-900">
      <div className="flex flex-col gap-3">
        <p className="text-sm">Deliveries stop and the log is deleted. It cannot be undone.</p>
        <Button onClick={() => setConfirming(true)} className={`self-start ${DANGER}`}>Delete this webhook</Button>
      </div>
      <Dialog open={confirming} title="Delete the webhook" onClose={() => setConfirming(false)}>
        <div className="flex flex-col gap-4">
          <p className="break-all text-sm">Nothing more will be sent to {url}.</p>
          <ErrorMessage error={remove.error} />
          <Button onClick={confirm} disabled={remove.isPending} className={DANGER}>Delete</Button>
        </div>
      </Dialog>
    </Card>
  );
}
