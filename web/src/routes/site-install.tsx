// /sites/:site/install: the script tag of a new site and whether its first event has arrived.
import { useParams } from 'react-router';
import { useSite } from '../api/site-queries';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { ScriptTag } from '../components/script-tag';

export function SiteInstallPage() {
  const { site = '' } = useParams();
  const query = useSite(site);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Install the tracking script{query.data ? ` on ${query.data.name}` : ''}</h1>
      <ErrorMessage error={query.error} />
      {query.data ? <Card><ScriptTag site={query.data} /></Card> : null}
    </div>
  );
}
