// Opens an export file of a supported format: its rows as they stream in, and how far through the file they are.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { ImportPlatform } from '../import-platforms.js';
import { matomoVisitRows } from './matomo-visits-file.js';
import { ndjsonRows } from './ndjson-rows.js';
import { isParquet, parquetRows } from './parquet-rows.js';
import { plausibleZipRows } from './plausible-csv-zip-file.js';
import { simpleAnalyticsCsvRows } from './simple-analytics-csv-file.js';
import { umamiCsvRows } from './umami-csv-file.js';
import { fileSource } from './zip-entries.js';

/** The file formats `loupe import` reads, each the export of one platform. */
export const FILE_FORMATS = ['umami', 'simple_analytics', 'plausible_csv', 'loupe', 'ga4', 'posthog', 'matomo'] as const satisfies readonly ImportPlatform[];

export type FileFormat = (typeof FILE_FORMATS)[number];

export interface ImportFileRow {
  /** `file line N`, for messages. */
  readonly where: string;
  readonly row: unknown;
}

export interface OpenedImportFile {
  readonly platform: FileFormat;
  readonly rows: AsyncIterable<ImportFileRow>;
  readonly totalBytes: number;
  /** Bytes of the file read so far. */
  bytesRead(): number;
}

export async function openImportFile(path: string, format: FileFormat): Promise<OpenedImportFile> {
  const name = basename(path);
  const totalBytes = (await stat(path)).size;
  let read = 0;
  if (format === 'plausible_csv') {
    // A ZIP is read from its end (the central directory), then entry by entry as they inflate.
    const rows = plausibleZipRows(await fileSource(path), name, (bytes) => { read += bytes; });
    return { platform: format, rows, totalBytes, bytesRead: () => read };
  }
  if (format === 'ga4' && (await startsAsParquet(path))) {
    // Parquet is read from its end (the footer), then row group by row group: progress counts rows.
    const rows = parquetRows(path, name, (done, total) => { read = total === 0 ? totalBytes : Math.round((totalBytes * done) / total); });
    return { platform: format, rows, totalBytes, bytesRead: () => read };
  }
  async function* chunks(): AsyncGenerator<string> {
    const decoder = new StringDecoder('utf8');
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
      read += chunk.length;
      yield decoder.write(chunk);
    }
    const rest = decoder.end();
    if (rest !== '') yield rest;
  }
  const rows = format === 'matomo' ? matomoVisitRows(chunks(), name) : format === 'loupe' || format === 'ga4' || format === 'posthog' ? ndjsonRows(chunks(), name) : format === 'umami' ? umamiCsvRows(chunks(), name) : simpleAnalyticsCsvRows(chunks(), name);
  return { platform: format, rows, totalBytes, bytesRead: () => read };
}

async function startsAsParquet(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && isParquet(head);
  } finally {
    await handle.close();
  }
}
