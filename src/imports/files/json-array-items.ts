// The items of a JSON array read as it streams in (Matomo's Live API answers one array of visits): each item's
// text is cut out at its closing bracket and parsed alone, so the file is never held whole. An item nested
// deeper than the cap, or a file that is not one array, is refused with the item's number.
import { ImportFileError } from './import-file-error.js';
import { MAX_JSON_DEPTH } from './json-depth.js';

export interface JsonArrayItem {
  readonly where: string;
  readonly item: unknown;
}

/** The longest item accepted (a visit with hundreds of actions is a few hundred kilobytes). */
const MAX_ITEM_CHARS = 16_000_000;

export async function* jsonArrayItems(chunks: AsyncIterable<string>, name: string): AsyncGenerator<JsonArrayItem> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  let ended = false;
  let item = '';
  let count = 0;
  for await (const chunk of chunks) {
    let from = 0;
    for (let index = 0; index < chunk.length; index++) {
      const char = chunk[index];
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') {
        if (depth < 1) throw new ImportFileError(name, 'not a JSON array');
        inString = true;
      } else if (char === '[' || char === '{') {
        if (ended) throw new ImportFileError(name, 'more than one JSON value');
        if (depth === 0) {
          if (char !== '[') throw new ImportFileError(name, 'not a JSON array');
          started = true;
        } else if (depth === 1) from = index;
        depth++;
        if (depth > MAX_JSON_DEPTH + 1) throw new ImportFileError(`${name} item ${count + 1}`, `nested deeper than ${MAX_JSON_DEPTH} levels`);
      } else if (char === ']' || char === '}') {
        depth--;
        if (depth === 1) {
          item += chunk.slice(from, index + 1);
          count++;
          let value: unknown;
          try {
            value = JSON.parse(item) as unknown;
          } catch {
            throw new ImportFileError(`${name} item ${count}`, 'not valid JSON');
          }
          yield { where: `${name} item ${count}`, item: value };
          item = '';
          from = index + 1;
        } else if (depth === 0) ended = true;
        else if (depth < 0) throw new ImportFileError(name, 'not valid JSON');
      } else if (depth === 1 && char !== ',' && char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t') {
        throw new ImportFileError(`${name} item ${count + 1}`, 'expected an object');
      } else if (depth === 0 && char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t' && char !== '\uFEFF') {
        throw new ImportFileError(name, 'not a JSON array');
      }
    }
    if (depth > 1) {
      item += chunk.slice(from);
      if (item.length > MAX_ITEM_CHARS) throw new ImportFileError(`${name} item ${count + 1}`, 'the item is too long');
    }
  }
  if (!started || depth !== 0) throw new ImportFileError(name, started ? 'the array is cut short' : 'not a JSON array');
}
