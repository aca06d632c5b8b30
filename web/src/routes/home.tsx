// `/`: where a signed-in person starts: first-run setup without an organization, else the first one's sites.
import { Navigate } from 'react-router';
import { useOrganizations } from '../api/organization-list-queries';
import { ErrorMessage } from '../components/error-message';

export function HomePage() {
  const organizations = useOrganizations();
  if (organizations.isPending) return <p role="status" className="p-4 text-sm">Loading…</p>;
  if (organizations.isError) return <main className="p-4"><ErrorMessage error={organizations.error} /></main>;
  const first = organizations.data[0];
  return <Navigate replace to={first ? `/sites?org=${encodeURIComponent(first.id)}` : '/setup'} />;
}
