// Test helpers for imports: send a fixture file over the import API in batches, and read the reports the
// import tests assert (overview, top pages, sources) in one call.
import { isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openImportFile, type FileFormat } from '../../src/imports/files/import-file.js';
import { projectPath } from '../../src/platform/project-path.js';
import { call, type Credential } from '../helpers/auth-client.js';

export const fixture = (name: string) => projectPath('test', 'fixtures', 'imports', name);

export interface BatchAnswer {
  importedEvents: number;
  skippedEvents: number;
  skipped: Record<string, number>;
}

/** Creates an import of the file's platform and posts its rows in batches of `batchRows`; returns the import id and the summed answers. `file` is a fixture's name or an absolute path. */
export async function importOverHttp(app: FastifyInstance, credential: Credential, site: number, format: FileFormat, file: string, batchRows = 3) {
  const created = await call(app, credential, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: format } });
  if (created.statusCode !== 200) throw new Error(`create import: ${created.statusCode} ${created.body}`);
  const importId = (created.json() as { data: { importId: string } }).data.importId;
  const opened = await openImportFile(isAbsolute(file) ? file : fixture(file), format);
  const rows: unknown[] = [];
  for await (const entry of opened.rows) rows.push(entry.row);
  const total: BatchAnswer = { importedEvents: 0, skippedEvents: 0, skipped: {} };
  for (let start = 0; start === 0 || start < rows.length; start += batchRows) {
    const events = rows.slice(start, start + batchRows);
    const res = await call(app, credential, {
      method: 'POST', url: `/api/sites/${site}/imports/${importId}/events`, payload: { events, isLastBatch: start + batchRows >= rows.length },
    });
    if (res.statusCode !== 200) throw new Error(`batch: ${res.statusCode} ${res.body}`);
    const answer = (res.json() as { data: BatchAnswer }).data;
    total.importedEvents += answer.importedEvents;
    total.skippedEvents += answer.skippedEvents;
    for (const [reason, n] of Object.entries(answer.skipped)) total.skipped[reason] = (total.skipped[reason] ?? 0) + n;
  }
  return { importId, rows, total };
}

export interface ReportValues {
  overview: Record<string, number>;
  pages: Array<[string, number, number]>;
  sources: Array<[string, number]>;
}

/** The overview, the pathname breakdown (value, sessions, pageviews) and the referrer breakdown (value, sessions). */
export async function reportValues(app: FastifyInstance, credential: Credential, site: number, range: string): Promise<ReportValues> {
  const get = async (path: string) => {
    const res = await call(app, credential, { method: 'GET', url: `/api/sites/${site}${path}${path.includes('?') ? '&' : '?'}${range}` });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: unknown }).data;
  };
  type Entry = { value: string; count: number; pageviews: number };
  const pages = (await get('/metric?parameter=pathname')) as { data: Entry[] };
  const sources = (await get('/metric?parameter=referrer')) as { data: Entry[] };
  return {
    overview: (await get('/overview')) as Record<string, number>,
    pages: pages.data.map((entry) => [entry.value, entry.count, entry.pageviews]),
    sources: sources.data.map((entry) => [entry.value, entry.count]),
  };
}
