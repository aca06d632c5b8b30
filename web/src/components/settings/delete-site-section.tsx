// DeleteSiteSection: deletes the site and its analytics data once its domain is typed back, then opens the sites page.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteSite } from '../../api/site-queries';
import type { SiteRecord } from '../../api/types';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';

export function DeleteSiteSection({ record }: { record: SiteRecord }) {
  const remove = useDeleteSite(record.id);
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === record.domain;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (matches) remove.mutate(undefined, { onSuccess: () => navigate(`/sites?org=${encodeURIComponent(record.organizationId)}`) });
  };
  return (
    <Card title="Delete the site" className="border-red-300 dark:border-red-900">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm">This deletes {record.name} and every event recorded for it. It cannot be undone.</p>
        <TextField label={`Type ${record.domain} to confirm`} name="confirmDomain" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
        <ErrorMessage error={remove.error} />
        <Button type="submit" disabled={!matches || remove.isPending} className="self-start bg-red-700 hover:bg-red-800 disabled:bg-red-300 dark:disabled:bg-red-950">Delete this site</Button>
      </form>
    </Card>
  );
}
