// WebhookStatus: enabled or disabled (with the reason the API gives), the consecutive failures, and for admins
// the switch: re-enabling resets the failure count.
import type { Webhook } from '../../api/webhook-types';
import { useUpdateWebhook } from '../../api/webhook-queries';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';

export function WebhookStatus({ site, webhook, canManage }: { site: string; webhook: Webhook; canManage: boolean }) {
  const update = useUpdateWebhook(site, webhook.id);
  const enabled = webhook.status === 'enabled';
  return (
    <Card title="Status">
      <div className="flex flex-col gap-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Status</dt><dd data-testid="webhook-status">{webhook.status}</dd>
          {webhook.disabled_reason ? <><dt className="font-medium">Why disabled</dt><dd data-testid="webhook-disabled-reason" className="break-words">{webhook.disabled_reason}</dd></> : null}
          <dt className="font-medium">Consecutive failures</dt><dd data-testid="webhook-failures" className="tabular-nums">{webhook.consecutive_failures}</dd>
        </dl>
        <ErrorMessage error={update.error} />
        {canManage ? (
          <Button variant={enabled ? 'secondary' : 'primary'} onClick={() => update.mutate({ enabled: !enabled })} disabled={update.isPending} className="self-start">
            {enabled ? 'Disable the webhook' : 'Re-enable the webhook'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
