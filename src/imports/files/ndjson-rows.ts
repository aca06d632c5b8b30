// Newline-delimited JSON read as it streams in: one value per non-empty line, with its line number; a line
// nested too deep is refused before it is parsed.
import { ImportFileError } from './import-file-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';

export interface NdjsonRow {
  readonly where: string;
  readonly row: unknown;
}

/** The longest line accepted (a raw event is a few kilobytes). */
const MAX_LINE_CHARS = 4_000_000;

export async function* ndjsonRows(chunks: AsyncIterable<string>, name: string): AsyncGenerator<NdjsonRow> {
  let pending = '';
  let line = 0;
  const parse = (text: string): NdjsonRow | undefined => {
    line++;
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (trimmed.trim() === '') return undefined;
    if (nestsDeeperThan(trimmed, MAX_JSON_DEPTH)) throw new ImportFileError(`${name} line ${line}`, `nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      return { where: `${name} line ${line}`, row: JSON.parse(trimmed) as unknown };
    } catch {
      throw new ImportFileError(`${name} line ${line}`, 'not valid JSON');
    }
  };
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const row = parse(pending.slice(start, newline));
      if (row) yield row;
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
    if (pending.length > MAX_LINE_CHARS) throw new ImportFileError(`${name} line ${line + 1}`, 'the line is too long');
  }
  const last = parse(pending);
  if (last) yield last;
}
