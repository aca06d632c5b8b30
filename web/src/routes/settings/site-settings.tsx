// /sites/:site/settings: a site's name, domain and public access, tracking switches, exclusions, script tag,
// API keys and deletion, one section at a time (tabs; `section` in the URL).
import { Link, useParams, useSearchParams } from 'react-router';
import { FOCUS_RING } from '../../components/button';
import { useSiteRecord } from '../../api/site-queries';
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

/** The settings' sections, one shown at a time (`section` in the URL); the last three only for admins and owners. */
const SECTIONS = [
  { key: 'general', label: 'General' }, { key: 'tracking', label: 'Tracking' }, { key: 'script', label: 'Script tag' },
  { key: 'sharing', label: 'Sharing', manage: true }, { key: 'keys', label: 'API keys', manage: true }, { key: 'danger', label: 'Delete', manage: true },
] as const;
type SectionKey = (typeof SECTIONS)[number]['key'];

function SectionTabs({ current, readOnly }: { current: SectionKey; readOnly: boolean }) {
  return (
    <nav aria-label="Settings sections" data-testid="settings-sections" className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {SECTIONS.filter((section) => !('manage' in section) || !readOnly).map(({ key, label }) => (
        <Link key={key} to={key === 'general' ? '?' : `?section=${key}`} aria-current={key === current ? 'page' : undefined}
          className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${FOCUS_RING} ${key === current ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200' : 'border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300'}`}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

export function SiteSettingsPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  // A member reads the record with its settings; anyone else (a public site's visitor) reads its public view.
  const answer = record.data;
  const settings = answer !== undefined && 'excludedIPs' in answer ? answer : undefined;
  // Changing a site needs the admin role: members and viewers read the settings, with no Save button.
  const abilities = useOrganizationAbilities(settings?.organizationId);
  const readOnly = abilities?.canManage !== true;
  const [search] = useSearchParams();
  const asked = SECTIONS.find((section) => section.key === search.get('section'));
  const section: SectionKey = asked === undefined || ('manage' in asked && readOnly) ? 'general' : asked.key;
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
          <SectionTabs current={section} readOnly={readOnly} />
          {section === 'general' ? <GeneralSection record={settings} readOnly={readOnly} /> : null}
          {section === 'tracking' ? (
            <>
              <TrackingSection record={settings} readOnly={readOnly} />
              <ReplaySection record={settings} readOnly={readOnly} />
              <ExclusionsSection record={settings} readOnly={readOnly} />
            </>
          ) : null}
          {section === 'script' ? <Card title="Script tag"><ScriptTag site={settings} /></Card> : null}
          {section === 'sharing' && !readOnly ? <ShareSection record={settings} /> : null}
          {section === 'keys' && !readOnly ? (
            <Card title="API keys">
              <div className="flex flex-col gap-6">
                <CreateApiKeyForm organizationId={settings.organizationId} />
                <ApiKeyList organizationId={settings.organizationId} />
              </div>
            </Card>
          ) : null}
          {section === 'danger' && !readOnly ? <DeleteSiteSection record={settings} /> : null}
        </>
      ) : null}
    </div>
  );
}

export { SiteSettingsPage as Component };
