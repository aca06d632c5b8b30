// An export file uploaded to a running import: stored to disk as it arrives, read by the platform's file
// reader on the import mapping thread and sent batch by batch through the import service (mapped there too,
// within the organization's limits). Any failure deletes the import, so nothing of the file stays.
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BadRequestError } from '../../platform/http/app-errors.js';
import { FILE_FORMATS, type FileFormat } from '../files/import-file.js';
import { ImportFileError } from '../files/import-file-error.js';
import { DEFAULT_BATCH_ROWS, sendBatches } from '../file-import.js';
import type { ImportService, ImportSite } from '../import-service.js';
import type { SkipCounts } from '../import.repository.js';
import { uploadImportTarget } from '../service-import-targets.js';
import { storeUpload } from './upload-file.js';

export interface UploadedImport {
  readonly importId: string;
  readonly rowsRead: number;
  readonly importedEvents: number;
  readonly skippedEvents: number;
  readonly skipped: SkipCounts;
}

const isFileFormat = (platform: string): platform is FileFormat => (FILE_FORMATS as readonly string[]).includes(platform);

export async function importUploadedFile(
  imports: ImportService,
  site: ImportSite,
  importId: string,
  upload: { readonly body: Readable; readonly name: string; readonly dir: string; readonly maxBytes: number },
): Promise<UploadedImport> {
  const record = await imports.find(site.siteId, importId);
  if (record.completedAt !== null) throw new BadRequestError('Import is already complete');
  const platform = record.platform;
  if (!isFileFormat(platform)) throw new BadRequestError(`The platform ${platform} has no export file to upload; post its rows in batches`);
  let stored;
  try {
    // One folder per import: its name is the import's UUID, the file's the (checked) name given.
    stored = await storeUpload(upload.body, join(upload.dir, importId), upload.name, upload.maxBytes);
  } catch (err) {
    await imports.remove(site.siteId, importId);
    throw err;
  }
  try {
    // The file is read on the mapping thread, a batch at a time as the store takes them: the event loop only moves bytes.
    const batches = imports.readFile({ path: stored.path, format: platform, batchRows: DEFAULT_BATCH_ROWS });
    const summary = await sendBatches(uploadImportTarget(imports, site), importId, batches, { file: stored.path, format: platform });
    return { importId, rowsRead: summary.rowsRead, importedEvents: summary.imported, skippedEvents: summary.skipped.total, skipped: summary.skipped.reasons as SkipCounts };
  } catch (err) {
    // sendBatches has deleted the import already.
    if (err instanceof ImportFileError) throw new BadRequestError(`${err.message} (the import was deleted: nothing of the file was kept)`);
    throw err;
  } finally {
    await stored.remove();
  }
}
