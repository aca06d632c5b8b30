// Plausible's CSV export: a ZIP holding one CSV of daily aggregates per report, named
// `imported_<report>_<YYYYMMDD>_<YYYYMMDD>.csv` (the `imported_` prefix may be missing). Each row is sent
// with its report's name, as platforms/plausible-aggregate-rows.ts reads it. Entries stream from the archive
// (zip-entries.ts), so its size on disk, not once inflated, bounds the memory.
import { StringDecoder } from 'node:string_decoder';
import { PLAUSIBLE_REPORT_NAMES } from '../platforms/plausible-aggregate-rows.js';
import { csvObjects, type FileRow } from './csv-objects.js';
import { ImportFileError } from './import-file-error.js';
import { entryData, InflateBudget, zipEntries, type ZipLimits, type ZipSource } from './zip-entries.js';

/** The report a file name holds, or undefined. */
export function reportOfFileName(fileName: string): string | undefined {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const match = /^(?:imported_)?([a-z_]+)_\d{8}_\d{8}\.csv$/.exec(base);
  if (!match) return undefined;
  const report = `imported_${match[1] ?? ''}`;
  return (PLAUSIBLE_REPORT_NAMES as readonly string[]).includes(report) ? report : undefined;
}

async function* text(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/** The rows of every report of the archive; closes the source when done or abandoned. */
export async function* plausibleZipRows(source: ZipSource, name: string, onCompressed?: (bytes: number) => void, limits?: ZipLimits): AsyncGenerator<FileRow> {
  try {
    const entries = (await zipEntries(source, name, limits)).filter((entry) => entry.name.endsWith('.csv'));
    if (entries.length === 0) throw new ImportFileError(name, 'the archive holds no CSV file');
    for (const entry of entries) {
      if (reportOfFileName(entry.name) === undefined) throw new ImportFileError(`${name} ${entry.name}`, `not a report of a Plausible export (expected names like imported_visitors_20240101_20241231.csv)`);
    }
    const budget = new InflateBudget(limits);
    for (const entry of entries) {
      const report = reportOfFileName(entry.name) ?? '';
      for await (const { where, row } of csvObjects(text(entryData(source, entry, name, budget, onCompressed)), `${name} ${entry.name}`, ['date'])) {
        yield { where, row: { ...row, report } };
      }
    }
  } finally {
    await source.close();
  }
}
