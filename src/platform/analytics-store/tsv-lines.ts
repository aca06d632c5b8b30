// Analytics rows as the store's TabSeparated input, under an explicit column list: the engine parses TSV
// with less work than JSONEachRow (no key to look up per value), and an empty string costs no byte.

/** What a column holds, which decides the text of a missing value (the column's own default). */
export type TsvColumnKind = 'string' | 'number' | 'nullable' | 'map';

export interface TsvColumn {
  readonly name: string;
  readonly kind: TsvColumnKind;
}

/** The text of each kind's default: what the engine stores for a column the row leaves out. */
const DEFAULT_TEXT: Readonly<Record<TsvColumnKind, string>> = { string: '', number: '0', nullable: '\\N', map: '{}' };

/** The characters TSV escapes in a field; a raw tab or newline would end it. */
const TSV_SPECIAL = /[\\\t\n\r\0]/;
const TSV_SPECIAL_ALL = /[\\\t\n\r\0]/g;
/** Inside a map's quoted keys and values, the quote too. */
const QUOTED_SPECIAL = /[\\\t\n\r\0']/;
const QUOTED_SPECIAL_ALL = /[\\\t\n\r\0']/g;

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0', "'": "\\'" };

function escapeOne(character: string): string {
  return ESCAPES[character] ?? character;
}

/** A string as a TSV field (almost every string needs no escape and is returned as it came). */
export function tsvText(value: string): string {
  return TSV_SPECIAL.test(value) ? value.replace(TSV_SPECIAL_ALL, escapeOne) : value;
}

function quoted(value: string): string {
  return `'${QUOTED_SPECIAL.test(value) ? value.replace(QUOTED_SPECIAL_ALL, escapeOne) : value}'`;
}

/** A Map(String, String) as the engine's text: `{'key':'value',...}`; values that are not strings are written as text. */
function mapText(map: object): string {
  let text = '';
  for (const [key, item] of Object.entries(map)) {
    text += `${text === '' ? '{' : ','}${quoted(key)}:${quoted(typeof item === 'string' ? item : String(item))}`;
  }
  return text === '' ? '{}' : `${text}}`;
}

function fieldText(value: unknown, kind: TsvColumnKind): string {
  switch (typeof value) {
    case 'string':
      return value === '' ? DEFAULT_TEXT[kind] : tsvText(value);
    case 'number':
      // Not a number the engine can store (JSONEachRow left such a column out): the column keeps its default.
      return Number.isFinite(value) ? String(value) : DEFAULT_TEXT[kind];
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? '1' : '0';
    case 'object':
      return value === null ? DEFAULT_TEXT[kind] : mapText(value);
    default:
      return DEFAULT_TEXT[kind];
  }
}

/**
 * One TSV line (without its newline) of the row's values in the columns' order. A column the row does not
 * hold, or holds as '', null or a non-finite number, gets its kind's default, as the compact JSONEachRow
 * lines did by leaving it out. Keys of the row that are not among the columns are not written.
 */
export function tsvLine(row: Readonly<Record<string, unknown>>, columns: readonly TsvColumn[]): string {
  let line = '';
  for (let index = 0; index < columns.length; index += 1) {
    const column = columns[index] as TsvColumn;
    line += (index === 0 ? '' : '\t') + fieldText(row[column.name], column.kind);
  }
  return line;
}
