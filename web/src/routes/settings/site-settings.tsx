// /sites/:site/settings: a site's name, domain and public access, tracking switches, exclusions, script tag,
// API keys and deletion.
import { useParams } from 'react-router';
import { useSiteRecord } from '../../api/queries';
import { Card } from '../../components/card';
import { ErrorMessage } from '../../components/error-message';
import { ScriptTag } from '../../components/script-tag';
import { ApiKeyList } from '../../components/settings/api-key-list';
import { CreateApiKeyForm } from '../../components/settings/create-api-key-form';
import { DeleteSiteSection } from '../../components/settings/delete-site-section';
import { SiteNav } from '../../components/settings/site-nav';
import { ExclusionsSection, GeneralSection, TrackingSection } from '../../components/settings/site-sections';

export function SiteSettingsPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Settings{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error} />
      {record.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
      {record.data ? (
        <>
          <GeneralSection record={record.data} />
          <TrackingSection record={record.data} />
          <ExclusionsSection record={record.data} />
          <Card title="Script tag"><ScriptTag site={record.data} /></Card>
          <Card title="API keys">
            <div className="flex flex-col gap-6">
              <CreateApiKeyForm organizationId={record.data.organizationId} />
              <ApiKeyList organizationId={record.data.organizationId} />
            </div>
          </Card>
          <DeleteSiteSection record={record.data} />
        </>
      ) : null}
    </div>
  );
}

export { SiteSettingsPage as Component };
