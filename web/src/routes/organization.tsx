// /organizations/:organizationId: the organization's members and roles, teams, and (admins) its API keys; the
// switcher opens another organization of the caller.
import { useNavigate, useParams } from 'react-router';
import { useOrganizations } from '../api/organization-list-queries';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { MembersSection } from '../components/organization/members-section';
import { abilitiesOf } from '../components/organization/organization-role';
import { TeamsSection } from '../components/organization/teams-section';
import { OrganizationSwitcher } from '../components/organization-switcher';
import { SignInPolicySection } from '../components/security/sign-in-policy-section';
import { ApiKeyList } from '../components/settings/api-key-list';
import { CreateApiKeyForm } from '../components/settings/create-api-key-form';

export function OrganizationPage() {
  const { organizationId = '' } = useParams();
  const organizations = useOrganizations();
  const navigate = useNavigate();
  if (organizations.isPending) return <p role="status" className="text-sm">Loading…</p>;
  if (organizations.isError) return <ErrorMessage error={organizations.error} />;
  const current = organizations.data.find((organization) => organization.id === organizationId);
  if (!current) return <><h1 className="text-2xl font-semibold">Organization</h1><ErrorMessage error={new Error('You are not a member of this organization.')} /></>;
  const abilities = abilitiesOf(current.role);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{current.name}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">Your role: <span data-testid="own-role">{current.role}</span></p>
        </div>
        <OrganizationSwitcher organizations={organizations.data} current={current.id} onChange={(id) => navigate(`/organizations/${encodeURIComponent(id)}`)} />
      </div>
      <MembersSection key={`members-${current.id}`} organizationId={current.id} abilities={abilities} />
      <TeamsSection key={`teams-${current.id}`} organizationId={current.id} abilities={abilities} />
      <SignInPolicySection key={`policy-${current.id}`} organizationId={current.id} isOwner={abilities.isOwner} />
      {abilities.canManage ? (
        <Card title="Organization API keys">
          <div className="flex flex-col gap-6">
            <p className="text-sm text-slate-600 dark:text-slate-400">Keys owned by the organization act as one of its admins, on its sites only.</p>
            <CreateApiKeyForm key={current.id} organizationId={current.id} organizationOnly />
            <ApiKeyList organizationId={current.id} organizationOnly />
          </div>
        </Card>
      ) : null}
    </div>
  );
}

export { OrganizationPage as Component };
