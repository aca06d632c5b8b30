// /sites/:site/imports: bring another tool's history into the site (admins): upload an export file, follow its
// progress and summary, see past imports and delete one with its rows.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useImports } from '../api/import-queries';
import { useSiteRecord } from '../api/site-queries';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { ImportTable } from '../components/imports/import-table';
import { ImportUploadForm } from '../components/imports/import-upload-form';
import { SiteNav } from '../components/settings/site-nav';

export function ImportsPage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  const [working, setWorking] = useState<string | undefined>();
  const imports = useImports(site, working !== undefined);
  const rows = imports.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Imports{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error ?? imports.error} />
      <Card title="Import a file">
        <ImportUploadForm site={site} imports={rows} onWorking={setWorking} />
      </Card>
      <Card title="Past imports">
        <div data-bench-piece="imports" data-bench-state={imports.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
          {imports.isPending ? <p role="status" className="text-sm">Loading imports…</p> : null}
          {imports.isSuccess && rows.length === 0 ? <p className="text-sm">No import yet.</p> : null}
          {rows.length > 0 ? <ImportTable site={site} imports={rows} /> : null}
        </div>
      </Card>
    </div>
  );
}

export { ImportsPage as Component };
