// Plausible's CSV export: a ZIP holding one CSV of daily aggregates per report, named
// `imported_<report>_<YYYYMMDD>_<YYYYMMDD>.csv` (the `imported_` prefix may be missing). Each row is sent
// with its report's name, as platforms/plausible-aggregate-rows.ts reads it.
import { PLAUSIBLE_REPORT_NAMES } from '../platforms/plausible-aggregate-rows.js';
import { csvObjects, type FileRow } from './csv-objects.js';
import { ImportFileError } from './import-file-error.js';
import { zipEntries } from './zip-entries.js';

/** The report a file name holds, or undefined. */
export function reportOfFileName(fileName: string): string | undefined {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const match = /^(?:imported_)?([a-z_]+)_\d{8}_\d{8}\.csv$/.exec(base);
  if (!match) return undefined;
  const report = `imported_${match[1] ?? ''}`;
  return (PLAUSIBLE_REPORT_NAMES as readonly string[]).includes(report) ? report : undefined;
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

export async function* plausibleZipRows(zip: Buffer, name: string): AsyncGenerator<FileRow> {
  const entries = zipEntries(zip, name).filter((entry) => entry.name.endsWith('.csv'));
  if (entries.length === 0) throw new ImportFileError(name, 'the archive holds no CSV file');
  for (const entry of entries) {
    const report = reportOfFileName(entry.name);
    if (report === undefined) throw new ImportFileError(`${name} ${entry.name}`, `not a report of a Plausible export (expected names like imported_visitors_20240101_20241231.csv)`);
    for await (const { where, row } of csvObjects(once(entry.data.toString('utf8')), `${name} ${entry.name}`, ['date'])) {
      yield { where, row: { ...row, report } };
    }
  }
}
