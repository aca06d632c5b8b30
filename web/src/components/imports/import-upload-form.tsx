// ImportUploadForm: choose the source and the export file, upload it with a progress bar, follow the rows
// stored while the server reads it, then the summary (rows read, imported, skipped with reasons).
import { useState, type FormEvent } from 'react';
import { useUploadImport } from '../../api/import-queries';
import type { ImportPlatform, SiteImport, UploadedImport } from '../../api/import-types';
import { Button, FOCUS_RING } from '../button';
import { ErrorMessage } from '../error-message';
import { SelectField } from '../select-field';
import { FILE_SOURCES, skippedText } from './import-labels';

export interface ImportUploadFormProps {
  readonly site: string;
  /** The site's imports as last read (the running one's counts grow while its file is read). */
  readonly imports: readonly SiteImport[];
  /** Called with the import at work (or undefined when done), so the list is read again meanwhile. */
  readonly onWorking: (importId: string | undefined) => void;
}

function Summary({ summary }: { summary: UploadedImport }) {
  return (
    <div role="status" data-testid="import-summary" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
      <p className="font-medium">Import complete</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>Rows read</dt><dd className="tabular-nums" data-testid="import-rows-read">{summary.rowsRead.toLocaleString('en-US')}</dd>
        <dt>Imported</dt><dd className="tabular-nums" data-testid="import-imported">{summary.importedEvents.toLocaleString('en-US')}</dd>
        <dt>Skipped</dt><dd data-testid="import-skipped">{summary.skippedEvents.toLocaleString('en-US')}{summary.skippedEvents > 0 ? ` (${skippedText(summary.skipped)})` : ''}</dd>
      </dl>
    </div>
  );
}

export function ImportUploadForm({ site, imports, onWorking }: ImportUploadFormProps) {
  const [platform, setPlatform] = useState<ImportPlatform>('umami');
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | undefined>();
  const [sent, setSent] = useState(0);
  const upload = useUploadImport(site);
  const source = FILE_SOURCES.find((entry) => entry.value === platform);
  const running = imports.find((entry) => entry.importId === importId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setSent(0);
    upload.mutate(
      { platform, file, onStarted: (id) => { setImportId(id); onWorking(id); }, onProgress: setSent },
      { onSettled: () => onWorking(undefined) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Import a file">
      <SelectField
        label="Source" value={platform} hint={source?.hint}
        options={FILE_SOURCES} onChange={(event) => setPlatform(event.target.value as ImportPlatform)} disabled={upload.isPending}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="import-file" className="text-sm font-medium">Export file</label>
        <input
          id="import-file" type="file" required disabled={upload.isPending}
          className={`rounded-md text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-slate-900 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100 ${FOCUS_RING}`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">Rows already stored are skipped, so a file may be imported again safely. A file with a bad row is refused whole.</p>
      </div>
      <div><Button type="submit" disabled={!file || upload.isPending}>{upload.isPending ? 'Importing…' : 'Import'}</Button></div>
      {upload.isPending ? (
        <div className="flex flex-col gap-1 text-sm" data-testid="import-progress">
          <label htmlFor="import-upload-progress">{sent < 1 ? `Uploading: ${Math.floor(sent * 100)} %` : 'Uploaded; reading the file'}</label>
          <progress id="import-upload-progress" max={1} value={sent} className="h-2 w-full max-w-md accent-indigo-600" />
          {running ? <p role="status" className="tabular-nums">{(running.importedEvents + running.skippedEvents).toLocaleString('en-US')} rows stored or skipped so far</p> : null}
        </div>
      ) : null}
      <ErrorMessage error={upload.error} />
      {upload.isSuccess ? <Summary summary={upload.data} /> : null}
    </form>
  );
}
