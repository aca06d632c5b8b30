// RFC 4180 CSV read as it streams in: records of cells with the line each starts on; quoted cells may hold
// separators, doubled quotes and line breaks. A character-by-character state machine: no pattern backtracks.
import { ImportFileError } from './import-file-error.js';

export interface CsvRecord {
  /** 1-based line the record starts on. */
  readonly line: number;
  readonly cells: readonly string[];
}

/** The longest cell accepted; a longer one is a broken file (an unclosed quote swallowing the rest). */
const MAX_CELL_CHARS = 1_000_000;

export async function* csvRecords(chunks: AsyncIterable<string>, name: string): AsyncGenerator<CsvRecord> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** Inside a quoted cell, the previous character was a quote: the next decides (a doubled quote or the end). */
  let quoteSeen = false;
  let line = 1;
  let recordLine = 1;
  let first = true;
  let previousCr = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  for await (const chunk of chunks) {
    let start = 0;
    if (first && chunk.charCodeAt(0) === 0xfeff) start = 1;
    first = false;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk[i] as string;
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === '"') {
            cell += '"';
            continue;
          }
          quoted = false;
        } else if (c === '"') {
          quoteSeen = true;
          continue;
        } else {
          if (c === '\n') line++;
          cell += c;
          if (cell.length > MAX_CELL_CHARS) throw new ImportFileError(`${name} line ${recordLine}`, 'a quoted cell never ends');
          continue;
        }
      }
      if (c === '"' && cell === '') {
        quoted = true;
        continue;
      }
      if (c === ',') {
        endCell();
      } else if (c === '\n' || c === '\r') {
        if (c === '\n' && previousCr) {
          previousCr = false;
          continue;
        }
        previousCr = c === '\r';
        endCell();
        if (!(cells.length === 1 && cells[0] === '')) yield { line: recordLine, cells };
        cells = [];
        line++;
        recordLine = line;
        continue;
      } else {
        cell += c;
        if (cell.length > MAX_CELL_CHARS) throw new ImportFileError(`${name} line ${recordLine}`, 'a cell is too long');
      }
      previousCr = false;
    }
  }
  if (quoted && !quoteSeen) throw new ImportFileError(`${name} line ${recordLine}`, 'a quoted cell never ends');
  if (cell !== '' || cells.length > 0) {
    endCell();
    yield { line: recordLine, cells };
  }
}
