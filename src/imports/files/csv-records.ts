// RFC 4180 CSV read as it streams in: records of cells with the line each starts on; quoted cells may hold
// separators, doubled quotes and line breaks. A scan over character codes that copies runs of plain text
// as slices: no pattern backtracks, and a long cell costs one copy.
import { ImportFileError } from './import-file-error.js';

export interface CsvRecord {
  /** 1-based line the record starts on. */
  readonly line: number;
  readonly cells: readonly string[];
}

/** The longest cell accepted; a longer one is a broken file (an unclosed quote swallowing the rest). */
const MAX_CELL_CHARS = 1_000_000;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export async function* csvRecords(chunks: AsyncIterable<string>, name: string): AsyncGenerator<CsvRecord> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** Inside a quoted cell, the previous character was a quote: the next decides (a doubled quote or the end). */
  let quoteSeen = false;
  let previousCr = false;
  let line = 1;
  let recordLine = 1;
  let first = true;
  const tooLong = () => new ImportFileError(`${name} line ${recordLine}`, quoted ? 'a quoted cell never ends' : 'a cell is too long');
  for await (const chunk of chunks) {
    let i = first && chunk.charCodeAt(0) === 0xfeff ? 1 : 0;
    first = false;
    /** Start of the run of plain characters not yet copied into `cell`. */
    let run = i;
    const take = (end: number) => {
      if (end > run) cell += chunk.slice(run, end);
      if (cell.length > MAX_CELL_CHARS) throw tooLong();
    };
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === QUOTE) {
            cell += '"';
            run = i + 1;
            continue;
          }
          quoted = false;
          run = i;
        } else {
          if (c === QUOTE) {
            take(i);
            quoteSeen = true;
            run = i + 1;
          } else if (c === LF) line++;
          continue;
        }
      }
      if (c === QUOTE && cell === '' && i === run) {
        quoted = true;
        run = i + 1;
      } else if (c === COMMA) {
        take(i);
        cells.push(cell);
        cell = '';
        run = i + 1;
        previousCr = false;
      } else if (c === LF || c === CR) {
        if (c === LF && previousCr) {
          previousCr = false;
          run = i + 1;
          continue;
        }
        take(i);
        run = i + 1;
        previousCr = c === CR;
        cells.push(cell);
        cell = '';
        if (!(cells.length === 1 && cells[0] === '')) yield { line: recordLine, cells };
        cells = [];
        line++;
        recordLine = line;
      } else previousCr = false;
    }
    if (!(quoted && quoteSeen)) take(chunk.length);
  }
  if (quoted && !quoteSeen) throw new ImportFileError(`${name} line ${recordLine}`, 'a quoted cell never ends');
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    yield { line: recordLine, cells };
  }
}
