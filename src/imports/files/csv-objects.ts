// CSV records as objects keyed by the header's column names, each with its line; a record with another
// number of cells than the header is an error naming its line.
import { csvRecords } from './csv-records.js';
import { ImportFileError } from './import-file-error.js';

export interface FileRow {
  /** `file line N`, for messages. */
  readonly where: string;
  readonly row: Readonly<Record<string, string>>;
}

export async function* csvObjects(chunks: AsyncIterable<string>, name: string, requiredColumns: readonly string[]): AsyncGenerator<FileRow> {
  let header: readonly string[] | undefined;
  for await (const record of csvRecords(chunks, name)) {
    if (!header) {
      header = record.cells.map((cell) => cell.trim());
      const missing = requiredColumns.filter((column) => !header?.includes(column));
      if (missing.length > 0) throw new ImportFileError(`${name} line ${record.line}`, `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
      continue;
    }
    if (record.cells.length !== header.length) {
      throw new ImportFileError(`${name} line ${record.line}`, `expected ${header.length} cells as in the header, found ${record.cells.length}`);
    }
    const row = Object.create(null) as Record<string, string>;
    header.forEach((column, index) => {
      row[column] = record.cells[index] ?? '';
    });
    yield { where: `${name} line ${record.line}`, row };
  }
  if (!header) throw new ImportFileError(name, 'the file is empty (no header line)');
}
