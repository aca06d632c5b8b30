// Import targets inside the server's process: the import service itself. `localImportTarget` maps rows on the
// caller's thread (the command line's direct import); `uploadImportTarget` sends batch post bodies (an uploaded
// file read on the mapping thread), so its rows are mapped off the event loop within the organization's limits and quota.
import { AppError } from '../platform/http/app-errors.js';
import type { BatchCounts, BatchRefusal, ImportTarget } from './file-import.js';
import type { ImportService, ImportSite } from './import-service.js';

/** A 400 from the service as a refusal (its message and the bad rows' fields); anything else is thrown on. */
async function refusedOr(send: () => Promise<BatchCounts>): Promise<BatchCounts | BatchRefusal> {
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 400) throw err;
    const details = err.extra.details as { fieldErrors?: Record<string, string[]> } | undefined;
    return { refused: true, message: err.message, fieldErrors: details?.fieldErrors ?? {} };
  }
}

export function localImportTarget(imports: ImportService, siteId: number): ImportTarget {
  return {
    async start(platform) {
      return (await imports.start(siteId, platform)).importId;
    },
    send: (importId, events, isLastBatch) => refusedOr(() => imports.addBatch(siteId, importId, events, isLastBatch)),
    remove: (importId) => imports.remove(siteId, importId),
  };
}

export function uploadImportTarget(imports: ImportService, site: ImportSite): ImportTarget<Uint8Array> {
  return {
    async start(platform) {
      return (await imports.start(site.siteId, platform)).importId;
    },
    // The body says whether it is the last batch.
    send: (importId, body) => refusedOr(() => imports.addBody(site, importId, body)),
    remove: (importId) => imports.remove(site.siteId, importId),
  };
}
