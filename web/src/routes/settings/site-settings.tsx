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
import { ShareSection } from '../../components/settings/share-section';
import { SiteNav } from '../../components/settings/site-nav';
import { ExclusionsSection, GeneralSection, ReplaySection, TrackingSection } from '../../components/settings/site-sections';
import { useOrganizationAbilities } from '../../components/organization/organization-role';

export function SiteSettingsPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  // A member reads the record with its settings; anyone else (a public site's visitor) reads its public view.
  const answer = record.data;
  const settings = answer !== undefined && 'excludedIPs' in answer ? answer : undefined;
  // Changing a site needs the admin role: members and viewers read the settings, with no Save button.
  const abilities = useOrganizationAbilities(settings?.organizationId);
  const readOnly = abilities?.canManage !== true;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Settings{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error} />
      {record.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
      {answer !== undefined && settings === undefined ? (
        <p role="status" className="text-sm">Only members of the site's organization can see and change its settings.</p>
      ) : null}
      {settings && abilities ? (
        <>
          {readOnly ? <p role="status" className="text-sm">Only admins and owners of the organization can change these settings.</p> : null}
          <GeneralSection record={settings} readOnly={readOnly} />
          <TrackingSection record={settings} readOnly={readOnly} />
          <ReplaySection record={settings} readOnly={readOnly} />
          <ExclusionsSection record={settings} readOnly={readOnly} />
          <Card title="Script tag"><ScriptTag site={settings} /></Card>
          {readOnly ? null : (
            <>
              <Card title="API keys">
                <div className="flex flex-col gap-6">
                  <CreateApiKeyForm organizationId={settings.organizationId} />
                  <ApiKeyList organizationId={settings.organizationId} />
                </div>
              </Card>
              <ShareSection record={settings} />
              <DeleteSiteSection record={settings} />
            </>
          )}
        </>
      ) : null}
    </div>
  );
}

export { SiteSettingsPage as Component };
