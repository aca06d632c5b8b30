// /sites?org=: every site of the organization with its visitors in the last 24 hours and their combined totals; add
// a site; switch organization.
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCreateSite } from '../api/site-queries';
import { useOrganizations, useOrganizationSites } from '../api/organization-list-queries';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { ErrorMessage } from '../components/error-message';
import { OrganizationSwitcher } from '../components/organization-switcher';
import { newSiteFrom, SiteFields } from '../components/site-fields';
import { SiteRow } from '../components/site-row';
import { OrganizationTotals } from '../components/organization-totals';

function AddSiteDialog({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const createSite = useCreateSite(organizationId);
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    createSite.mutate(newSiteFrom(new FormData(event.currentTarget)), { onSuccess: (site) => navigate(`/sites/${site.id}/install`) });
  };
  return (
    <Dialog open={open} title="Add a site" onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <SiteFields />
        <ErrorMessage error={createSite.error} />
        <Button type="submit" disabled={createSite.isPending}>Add the site</Button>
      </form>
    </Dialog>
  );
}

export function SitesPage() {
  const [search, setSearch] = useSearchParams();
  const organizations = useOrganizations();
  const current = search.get('org') ?? undefined;
  const sites = useOrganizationSites(current);
  const [adding, setAdding] = useState(false);
  if (organizations.isPending) return <p role="status" className="text-sm">Loading…</p>;
  if (organizations.isError) return <ErrorMessage error={organizations.error} />;
  const first = organizations.data[0];
  if (!first) return <Navigate replace to="/setup" />;
  if (current === undefined) return <Navigate replace to={`/sites?org=${encodeURIComponent(first.id)}`} />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Sites</h1>
        <div className="flex flex-wrap items-center gap-3">
          <OrganizationSwitcher organizations={organizations.data} current={current} onChange={(org) => setSearch({ org })} />
          <Button onClick={() => setAdding(true)}>Add a site</Button>
        </div>
      </div>
      <ErrorMessage error={sites.error} />
      {sites.isPending ? <p role="status" className="text-sm">Loading sites…</p> : null}
      {sites.data?.sites.length === 0 ? <p className="text-sm">No site yet: add one to start tracking.</p> : null}
      {sites.data ? <OrganizationTotals sites={sites.data.sites} /> : null}
      <ul className="flex flex-col gap-3" aria-label="Sites">
        {sites.data?.sites.map((site) => <SiteRow key={site.siteId} site={site} />)}
      </ul>
      <AddSiteDialog organizationId={current} open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
