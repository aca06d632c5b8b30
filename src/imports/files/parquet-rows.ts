// A Parquet file (GA4's BigQuery export with --destination_format PARQUET) read row group by row group in
// slices, each row as a plain JSON value: INT64 as decimal text (GA4's microsecond timestamps exceed 2^53),
// timestamps as ISO text, nested records and lists as objects and arrays, as the NDJSON export has them.
import type { FileMetaData } from 'hyparquet';
import { ImportFileError } from './import-file-error.js';

export interface ParquetRow {
  readonly where: string;
  readonly row: unknown;
}

/** Rows decoded at once: a slice of a row group, so memory stays bounded whatever the row group's size. */
const SLICE_ROWS = 20_000;
const MAGIC = 'PAR1';

/** True when the file starts with Parquet's magic bytes. */
export function isParquet(head: Buffer): boolean {
  return head.subarray(0, 4).toString('latin1') === MAGIC;
}

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = plain(field);
    return out;
  }
  return value;
}

function refused(name: string, err: unknown): ImportFileError {
  return new ImportFileError(name, `not a readable Parquet file (${err instanceof Error ? err.message : String(err)})`);
}

/** The file's rows with their row numbers (1-based); `onRows` gets the rows read so far and the file's total. */
export async function* parquetRows(path: string, name: string, onRows: (done: number, total: number) => void): AsyncGenerator<ParquetRow> {
  // Loaded with the first Parquet file, not at start (decision 0055).
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } = await import('hyparquet');
  const file = await asyncBufferFromFile(path);
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (err) {
    throw refused(name, err);
  }
  const total = Number(metadata.num_rows);
  for (let start = 0; start < total; start += SLICE_ROWS) {
    let rows: Array<Record<string, unknown>>;
    try {
      rows = await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: Math.min(total, start + SLICE_ROWS) });
    } catch (err) {
      throw refused(`${name} rows ${start + 1} to ${Math.min(total, start + SLICE_ROWS)}`, err);
    }
    for (const [index, row] of rows.entries()) yield { where: `${name} row ${start + index + 1}`, row: plain(row) };
    onRows(Math.min(total, start + rows.length), total);
  }
}
