// /sites/:site/alerts: the site's alert rules and their firing log; admins add, pause and delete rules.
import { useParams } from 'react-router';
import { useAlertPresets, useAlerts } from '../api/alert-queries';
import { useSiteRecord } from '../api/site-queries';
import { useSiteGoals, useWebhooks } from '../api/webhook-queries';
import { CreateAlertForm } from '../components/alerts/create-alert-form';
import { AlertTable } from '../components/alerts/alert-table';
import { FiringLog } from '../components/alerts/firing-log';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { useOrganizationAbilities } from '../components/organization/organization-role';
import { SiteNav } from '../components/settings/site-nav';

export function AlertsPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  const alerts = useAlerts(site);
  const presets = useAlertPresets(site);
  const goals = useSiteGoals(site);
  const webhooks = useWebhooks(site);
  const canManage = useOrganizationAbilities(record.data?.organizationId)?.canManage ?? false;
  const rows = alerts.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Alerts{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error ?? alerts.error ?? presets.error} />
      <Card title="Alerts">
        <div data-bench-piece="alerts" data-bench-state={alerts.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
          {alerts.isPending ? <p role="status" className="text-sm">Loading alerts…</p> : null}
          {alerts.isSuccess && rows.length === 0 ? <p className="text-sm">No alert yet. An alert mails (or calls a webhook) once when its condition starts to hold, and once when it stops.</p> : null}
          {rows.length > 0 ? <AlertTable site={site} alerts={rows} canManage={canManage} /> : null}
        </div>
      </Card>
      <Card title="Firing log">
        <FiringLog site={site} />
      </Card>
      {canManage && presets.isSuccess && goals.isSuccess && webhooks.isSuccess ? (
        <Card title="Add an alert">
          <CreateAlertForm site={site} presets={presets.data.data} goals={goals.data.data} webhooks={webhooks.data.data} />
        </Card>
      ) : null}
    </div>
  );
}

export { AlertsPage as Component };
