// /sites/:site/email-reports: the signed-in member's weekly and monthly report mails of the site and the latest ones sent.
import { useParams } from 'react-router';
import { useReportSubscription } from '../api/alert-queries';
import { useSiteRecord } from '../api/site-queries';
import { Card } from '../components/card';
import { ReportDeliveryTable } from '../components/email-reports/report-delivery-table';
import { ReportSubscriptionForm } from '../components/email-reports/report-subscription-form';
import { ErrorMessage } from '../components/error-message';
import { SiteNav } from '../components/settings/site-nav';

export function EmailReportsPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  const subscription = useReportSubscription(site);
  const saved = subscription.data?.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Email reports{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error ?? subscription.error} />
      {subscription.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
      {saved ? (
        <>
          <Card title="Your report mails">
            <ReportSubscriptionForm site={site} saved={saved} />
          </Card>
          <Card title="Latest report mails">
            <div data-bench-piece="report-mails" data-bench-state={saved.deliveries.length === 0 ? 'empty' : 'ready'}>
              {saved.deliveries.length === 0 ? <p className="text-sm">No report mail sent to you yet.</p> : <ReportDeliveryTable deliveries={saved.deliveries} />}
            </div>
          </Card>
        </>
      ) : null}
    </div>
  );
}

export { EmailReportsPage as Component };
