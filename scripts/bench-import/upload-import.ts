// The benchmark's upload of a whole export file, as the dashboard's imports page sends it: the import is
// started, then the file streams to `PUT .../imports/:importId/file`, answered once every row is stored.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

export interface UploadedCounts {
  readonly rowsRead: number;
  readonly importedEvents: number;
  readonly skippedEvents: number;
}

export async function uploadImport(baseUrl: string, apiKey: string, siteId: string, file: string, platform: string): Promise<UploadedCounts> {
  const base = `${baseUrl}/api/sites/${encodeURIComponent(siteId)}/imports`;
  const authorization = `Bearer ${apiKey}`;
  const started = await fetch(base, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ platform }) });
  if (!started.ok) throw new Error(`starting the import: ${started.status} ${await started.text()}`);
  const { data } = (await started.json()) as { data: { importId: string } };
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  const uploaded = await fetch(`${base}/${data.importId}/file?name=import.csv`, {
    method: 'PUT', headers: { authorization, 'content-type': 'application/octet-stream' }, body, duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  if (!uploaded.ok) throw new Error(`the upload: ${uploaded.status} ${await uploaded.text()}`);
  return ((await uploaded.json()) as { data: UploadedCounts }).data;
}
