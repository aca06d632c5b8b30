// Import targets inside the server's process: the import service itself. `localImportTarget` maps rows on the
// caller's thread (the command line's direct import); `uploadImportTarget` sends each batch as a batch post's
// bytes, so an uploaded file's rows are mapped off the event loop within the organization's limits and quota.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
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

/**
 * Rows serialized per turn of the event loop. A batch of 5,000 rows is about a megabyte of JSON: made in one
 * go on a busy machine, it held the event loop for tens of milliseconds, every other request waiting.
 */
const ROWS_PER_TURN = 500;

/** A batch post's body, `{"events":[...],"isLastBatch":...}`, made a few hundred rows at a time. */
export async function batchPostBody(events: readonly unknown[], isLastBatch: boolean): Promise<Buffer> {
  const rows: string[] = [];
  for (let from = 0; from < events.length; from += ROWS_PER_TURN) {
    if (from > 0) await yieldToEventLoop();
    // As JSON.stringify writes an array's element that has no JSON form.
    for (const event of events.slice(from, from + ROWS_PER_TURN)) rows.push(JSON.stringify(event) ?? 'null');
  }
  return Buffer.from(`{"events":[${rows.join(',')}],"isLastBatch":${isLastBatch}}`);
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

export function uploadImportTarget(imports: ImportService, site: ImportSite): ImportTarget {
  return {
    async start(platform) {
      return (await imports.start(site.siteId, platform)).importId;
    },
    send: (importId, events, isLastBatch) => refusedOr(async () => imports.addBody(site, importId, await batchPostBody(events, isLastBatch))),
    remove: (importId) => imports.remove(site.siteId, importId),
  };
}
