// CSV text (RFC 4180) for answers meant for spreadsheets: one cell, one line, formula-guarded.

/** What a CSV cell may hold; objects and arrays are written as their JSON text. */
export type CsvValue = unknown;

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * One cell. A text that a spreadsheet would run as a formula is prefixed with an apostrophe, so a page title
 * or URL a visitor sent cannot become a formula on the reader's machine; numbers and booleans are written as
 * they are (a negative number is a number, not a formula). `null` and `undefined` are an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const guarded = FORMULA_STARTS.has(text.charAt(0)) ? `'${text}` : text;
  const needsQuotes = guarded.includes(',') || guarded.includes('"') || guarded.includes('\n') || guarded.includes('\r');
  return needsQuotes ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record with its `\r\n` line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
