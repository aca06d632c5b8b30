// CSV text (RFC 4180) of the rows a table shows, as the API returned them, for the tables' download buttons.

export interface CsvColumn<Row> {
  readonly header: string;
  readonly value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) is
 * prefixed with an apostrophe, so a page title or URL a visitor sent cannot become a formula on the
 * owner's machine; numbers are written as they are (a negative number is a number, not a formula).
 */
function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const first = value.charAt(0);
  const guarded = first === '=' || first === '+' || first === '-' || first === '@' || first === '\t' || first === '\r' ? `'${value}` : value;
  const needsQuotes = guarded.includes(',') || guarded.includes('"') || guarded.includes('\n') || guarded.includes('\r');
  return needsQuotes ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => cell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name from a table's name and the period: letters, digits and dashes only, ending in .csv. */
export function csvFileName(...parts: readonly string[]): string {
  const words = parts.join(' ').toLowerCase().split('').map((char) => (/[a-z0-9]/.test(char) ? char : ' ')).join('').split(' ').filter(Boolean);
  return `${words.join('-') || 'table'}.csv`;
}
