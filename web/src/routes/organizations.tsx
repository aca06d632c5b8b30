// /organizations: opens the caller's first organization's page (or the first-run setup when there is none).
import { Navigate } from 'react-router';
import { useOrganizations } from '../api/organization-list-queries';
import { ErrorMessage } from '../components/error-message';

export function OrganizationsPage() {
  const organizations = useOrganizations();
  if (organizations.isPending) return <p role="status" className="text-sm">Loading…</p>;
  if (organizations.isError) return <ErrorMessage error={organizations.error} />;
  const first = organizations.data[0];
  return <Navigate replace to={first ? `/organizations/${encodeURIComponent(first.id)}` : '/setup'} />;
}

export { OrganizationsPage as Component };
