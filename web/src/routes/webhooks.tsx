// /sites/:site/webhooks: the site's webhooks and, for admins, the form that adds one (its secret shown once).
import { useParams } from 'react-router';
import { useSiteRecord } from '../api/site-queries';
import { useSiteGoals, useWebhooks } from '../api/webhook-queries';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { useOrganizationAbilities } from '../components/organization/organization-role';
import { SiteNav } from '../components/settings/site-nav';
import { CreateWebhookForm } from '../components/webhooks/create-webhook-form';
import { WebhookTable } from '../components/webhooks/webhook-table';

export function WebhooksPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  const webhooks = useWebhooks(site);
  const goals = useSiteGoals(site);
  const abilities = useOrganizationAbilities(record.data?.organizationId);
  const rows = webhooks.data?.data ?? [];
  const goalList = goals.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Webhooks{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error ?? webhooks.error ?? goals.error} />
      <Card title="Webhooks">
        <div data-bench-piece="webhooks" data-bench-state={webhooks.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
          {webhooks.isPending ? <p role="status" className="text-sm">Loading webhooks…</p> : null}
          {webhooks.isSuccess && rows.length === 0 ? <p className="text-sm">No webhook yet.</p> : null}
          {rows.length > 0 ? <WebhookTable site={site} webhooks={rows} goals={goalList} /> : null}
        </div>
      </Card>
      {abilities?.canManage && goals.isSuccess ? (
        <Card title="Add a webhook">
          <CreateWebhookForm site={site} goals={goalList} />
        </Card>
      ) : null}
    </div>
  );
}

export { WebhooksPage as Component };
