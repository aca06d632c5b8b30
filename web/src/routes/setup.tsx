// /setup: first run: create the organization and its first site, then show the script tag.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api/client';
import { useCreateOrganization } from '../api/organization-list-queries';
import type { CreatedSite } from '../api/types';
import { AuthFrame } from '../components/auth-frame';
import { Button } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { newSiteFrom, SiteFields } from '../components/site-fields';
import { TextField } from '../components/text-field';

/** A slug from the name, made unique by a random suffix (organization slugs are unique per instance). */
export function slugFor(name: string, suffix: string): string {
  const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return `${base || 'organization'}-${suffix}`;
}

const randomSuffix = () => Math.random().toString(16).slice(2, 8);

export function SetupPage() {
  const createOrganization = useCreateOrganization();
  const navigate = useNavigate();
  const [siteError, setSiteError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('organization')).trim();
    setBusy(true);
    setSiteError(null);
    try {
      const organization = await createOrganization.mutateAsync({ name, slug: slugFor(name, randomSuffix()) });
      const site = await apiRequest<CreatedSite>(`/api/organizations/${encodeURIComponent(organization.id)}/sites`, { method: 'POST', body: newSiteFrom(form) });
      navigate(`/sites/${site.id}/install`);
    } catch (error) {
      setSiteError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthFrame title="Set up Loupe">
      <p className="text-sm text-slate-600 dark:text-slate-400">Create your organization and the first site it tracks.</p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField label="Organization name" name="organization" required autoComplete="organization" />
        <SiteFields />
        <ErrorMessage error={siteError} />
        <Button type="submit" disabled={busy}>Create</Button>
      </form>
    </AuthFrame>
  );
}
