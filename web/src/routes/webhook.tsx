// /sites/:site/webhooks/:webhookId: one webhook: its status (re-enable with the reason it was disabled), test
// ping, secret rotation, endpoint and triggers, deletion (admins), and its delivery log.
import { Link, useParams } from 'react-router';
import { useSiteRecord } from '../api/site-queries';
import { useSiteGoals, useWebhook } from '../api/webhook-queries';
import { FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { useOrganizationAbilities } from '../components/organization/organization-role';
import { SiteNav } from '../components/settings/site-nav';
import { DeleteWebhookSection } from '../components/webhooks/delete-webhook-section';
import { DeliveryLog } from '../components/webhooks/delivery-log';
import { EditWebhookForm } from '../components/webhooks/edit-webhook-form';
import { WebhookStatus } from '../components/webhooks/webhook-status';
import { WebhookTools } from '../components/webhooks/webhook-tools';

export function WebhookPage() {
  const { site = '', webhookId = '' } = useParams();
  const record = useSiteRecord(site);
  const webhook = useWebhook(site, webhookId);
  const goals = useSiteGoals(site);
  const canManage = useOrganizationAbilities(record.data?.organizationId)?.canManage ?? false;
  const data = webhook.data?.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/sites/${encodeURIComponent(site)}/webhooks`} className={`rounded text-sm text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>All webhooks</Link>
          <h1 className="text-2xl font-semibold">Webhook</h1>
          {data ? <p className="break-all text-sm text-slate-600 dark:text-slate-400" data-testid="webhook-url">{data.url}</p> : null}
        </div>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={webhook.error ?? record.error} />
      {webhook.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
      {data ? (
        <>
          <WebhookStatus site={site} webhook={data} canManage={canManage} />
          {canManage ? <WebhookTools site={site} webhookId={data.id} /> : null}
          <DeliveryLog site={site} webhookId={data.id} />
          {canManage && goals.isSuccess ? <EditWebhookForm key={data.id} site={site} webhook={data} goals={goals.data.data} /> : null}
          {canManage ? <DeleteWebhookSection site={site} webhookId={data.id} url={data.url} /> : null}
        </>
      ) : null}
    </div>
  );
}

export { WebhookPage as Component };
